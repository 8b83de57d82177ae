import Foundation
import Tributary

/// The network transport, on libcurl's multi interface.
///
/// Bodies are written straight into a per-transfer buffer as libcurl decodes them, so
/// the size cap holds while streaming: a huge, endless or decompression-bomb body stops
/// at the cap with nothing else piling up. Redirects are followed here, one hop at a
/// time, so each hop's target and count are checked before it is requested: secrets stay
/// with their origin, never go from https to http, and a public server cannot redirect
/// into loopback, link-local or private addresses unless `allowPrivateRedirects` says so.
/// A POST is sent with its body and content type, and never follows a redirect. A body
/// compressed without a `Content-Encoding` is inflated here, within the same cap.
public final class CurlTransport: HTTPTransport {
    /// Started by the first request, under `engineLock`: a run that fetches nothing over the
    /// network (local files only) never loads libcurl, its 29 libraries and its TLS set-up.
    /// An `NSLock`, not a `Mutex`: ThreadSanitizer sees through the one and not the other.
    nonisolated(unsafe) private var engine: CurlEngine?
    private let engineLock = NSLock()
    private let maxConnections: Int
    private let maxConnectionsPerHost: Int
    private let userAgent: String
    private let allowPrivateRedirects: Bool
    private let scope: @Sendable (String) -> AddressScope
    private let proxies: ProxyEnvironment

    /// - Parameters:
    ///   - maxConnections: the most transfers in flight at once (feeds.json `maxConnections`).
    ///   - maxConnectionsPerHost: the most to one host and port (feeds.json `maxConnectionsPerHost`).
    ///   - allowPrivateRedirects: follow redirects from public to private addresses (feeds.json).
    ///   - scope: how connected addresses are judged; tests stand a loopback address in for a public one.
    ///   - proxies: the proxy variables libcurl reads, for naming the proxy in messages.
    public init(
        maxConnections: Int = FeedsConfig.defaultMaxConnections,
        maxConnectionsPerHost: Int = FeedsConfig.defaultMaxConnectionsPerHost, userAgent: String,
        allowPrivateRedirects: Bool = false,
        scope: @escaping @Sendable (String) -> AddressScope = AddressScope.of,
        proxies: ProxyEnvironment = ProxyEnvironment()
    ) {
        self.maxConnections = maxConnections
        self.maxConnectionsPerHost = maxConnectionsPerHost
        self.userAgent = userAgent
        self.allowPrivateRedirects = allowPrivateRedirects
        self.scope = scope
        self.proxies = proxies
    }

    public func perform(_ request: HTTPRequest, limits: TransferLimits) async throws -> HTTPResponse {
        let engine = startedEngine()  // before the first exchange: libcurl is initialised before its first handle
        var url = request.wireURL
        var headers = request.headers.merging(["User-Agent": userAgent]) { mine, _ in mine }
        for (name, secret) in request.secretHeaders { headers[name] = secret.value }
        if let body = request.body { headers["Content-Type"] = body.contentType }
        let postBody = request.sendsBody ? request.body?.data ?? Data() : nil
        var addressGuard: RedirectAddressGuard?
        for hop in 0... {
            let exchange = CurlExchange(
                url: url, method: request.method, headers: headers, postBody: postBody, limits: limits,
                addressGuard: addressGuard,
                proxy: proxies.proxy(for: url)
            )
            let response = try await engine.run(exchange)
            let next = try RedirectPolicy.next(
                after: response, from: url, carryingSecrets: request.carriesSecrets,
                sendingBodyOf: request.sendsBody ? request.method : nil
            )
            guard let next else {
                var answer = HTTPResponse(
                    status: response.status, headers: response.headers, body: response.body, request: request)
                answer.redirectedTo = hop == 0 ? nil : url
                return try answer.inflated(within: limits)
            }
            guard hop < limits.maxRedirects else {
                throw TributaryError(.badResponse, "more than \(limits.maxRedirects) redirects (a redirect loop?)")
            }
            if hop == 0 { addressGuard = guardForRedirects(from: url, connectedTo: response.connectedAddress) }
            // Credentials in headers stay with the origin (scheme, host and port) they were meant for.
            if !RedirectPolicy.sameOrigin(next, url) {
                for name in request.secretHeaders.keys { headers[name] = nil }
            }
            url = next
        }
        preconditionFailure("unreachable: the loop returns or throws")
    }

    private func startedEngine() -> CurlEngine {
        engineLock.withLock {
            if let engine { return engine }
            let started = CurlEngine(maxConnections: maxConnections, maxConnectionsPerHost: maxConnectionsPerHost)
            engine = started
            return started
        }
    }

    /// The guard for every later hop when the first answered from a public address.
    private func guardForRedirects(from url: URL, connectedTo address: String?) -> RedirectAddressGuard? {
        guard !allowPrivateRedirects, let address, scope(address) == .public else { return nil }
        return RedirectAddressGuard(origin: url.host ?? address, scope: scope)
    }
}
