import Foundation
import Tributary

/// Conditional GET over another transport: sends `If-None-Match` / `If-Modified-Since`
/// for responses it has cached, and answers a `304 Not Modified` with the cached body.
/// Only GETs: a POST goes straight through, never cached or revalidated.
public struct CachingTransport: HTTPTransport {
    /// The header a response served from the cache after a 304 carries.
    static let revalidatedHeader = "x-tributary-cache"

    private let base: any HTTPTransport
    private let cache: ResponseCache

    public init(cachingIn folder: URL, through base: any HTTPTransport) throws {
        self.base = base
        cache = try ResponseCache(folder: folder)
    }

    public func perform(_ request: HTTPRequest, limits: TransferLimits) async throws -> HTTPResponse {
        guard request.method == "GET", request.body == nil else {
            return try await base.perform(request, limits: limits)
        }
        let cached = cache.entry(for: request)
        var conditional = request
        if let (entry, _) = cached {
            if let etag = entry.etag { conditional.headers["If-None-Match"] = etag }
            if let lastModified = entry.lastModified { conditional.headers["If-Modified-Since"] = lastModified }
        }
        let response = try await base.perform(conditional, limits: limits)
        if response.status == 304, let (entry, body) = cached {
            let headers = entry.headers.merging([Self.revalidatedHeader: "revalidated"]) { _, new in new }
            // Inflated again for an entry an older version stored as it came, compressed.
            return try HTTPResponse(status: entry.status, headers: headers, body: body, request: request)
                .inflated(within: limits)
        }
        cache.store(response)
        return HTTPResponse(status: response.status, headers: response.headers, body: response.body, request: request)
    }
}
