import Foundation

/// The network transport, on libcurl's multi interface.
///
/// Bodies are written straight into a per-transfer buffer as libcurl decodes them, so
/// the size cap holds while streaming: a huge, endless or decompression-bomb body stops
/// at the cap with nothing else piling up. Redirects are followed here, one hop at a
/// time, so each hop's target and count are checked before it is requested.
public final class CurlTransport: HTTPTransport {
    private let engine: CurlEngine
    private let userAgent: String

    /// - Parameters:
    ///   - maxConnections: the most transfers in flight at once (feeds.json `maxConnections`).
    ///   - maxConnectionsPerHost: the most to one host and port (feeds.json `maxConnectionsPerHost`).
    public init(maxConnections: Int = 32, maxConnectionsPerHost: Int = 4, userAgent: String) {
        engine = CurlEngine(maxConnections: maxConnections, maxConnectionsPerHost: maxConnectionsPerHost)
        self.userAgent = userAgent
    }

    public func perform(_ request: HTTPRequest, limits: TransferLimits) async throws -> HTTPResponse {
        var url = request.wireURL
        var headers = request.headers.merging(["User-Agent": userAgent]) { mine, _ in mine }
        for (name, secret) in request.secretHeaders { headers[name] = secret.value }
        var redirects = 0
        while true {
            let response = try await engine.run(CurlExchange(url: url, headers: headers, limits: limits))
            guard let next = try RedirectPolicy.next(after: response, from: url) else {
                return HTTPResponse(status: response.status, headers: response.headers, body: response.body, request: request)
            }
            redirects += 1
            guard redirects <= limits.maxRedirects else {
                throw TributaryError(.badResponse, "more than \(limits.maxRedirects) redirects (a redirect loop?)")
            }
            // Credentials in headers stay with the host they were meant for.
            if next.host != url.host || next.port != url.port {
                for name in request.secretHeaders.keys { headers[name] = nil }
            }
            url = next
        }
    }
}
