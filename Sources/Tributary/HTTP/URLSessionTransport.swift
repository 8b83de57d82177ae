import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The network transport, on Foundation's URLSession (libcurl on Linux).
///
/// Bodies are received piece by piece so the size cap holds while streaming: a huge,
/// endless or decompression-bomb body is cancelled as soon as it passes the cap.
public final class URLSessionTransport: NSObject, HTTPTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var transfers: [Int: Transfer] = [:]
    private var session: URLSession!

    /// - Parameter maxConnectionsPerHost: URLSession's own per-host connection pool size.
    public init(maxConnectionsPerHost: Int = 4, userAgent: String) {
        super.init()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = maxConnectionsPerHost
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpAdditionalHeaders = ["User-Agent": userAgent, "Accept-Encoding": "gzip, deflate"]
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        session = URLSession(configuration: configuration, delegate: self, delegateQueue: queue)
    }

    public func perform(_ request: HTTPRequest, limits: TransferLimits) async throws -> HTTPResponse {
        var urlRequest = URLRequest(url: request.wireURL)
        urlRequest.httpMethod = request.method
        // A backstop just past the client's own deadline, in whole seconds: corelibs
        // truncates the interval to seconds, so 0.5 would mean "time out at once".
        urlRequest.timeoutInterval = (limits.idleTimeout.seconds + 1).rounded(.up)
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        for (name, secret) in request.secretHeaders { urlRequest.setValue(secret.value, forHTTPHeaderField: name) }
        let task = session.dataTask(with: urlRequest)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                register(task, Transfer(request: request, limits: limits, continuation: continuation))
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
    }

    private func register(_ task: URLSessionTask, _ transfer: Transfer) {
        lock.withLock { transfers[task.taskIdentifier] = transfer }
    }

    private func withTransfer<T>(_ task: URLSessionTask, _ body: (Transfer) -> T) -> T? {
        lock.withLock { transfers[task.taskIdentifier].map(body) }
    }

    private func finish(_ task: URLSessionTask) -> Transfer? {
        lock.withLock { transfers.removeValue(forKey: task.taskIdentifier) }
    }
}

extension URLSessionTransport: URLSessionDataDelegate {
    public func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let accepted = withTransfer(dataTask) { $0.accept(response) } ?? false
        completionHandler(accepted ? .allow : .cancel)
    }

    public func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard withTransfer(dataTask, { $0.append(data) }) == false else { return }
        // Over the cap: answer now and stop the transfer; later callbacks find nothing.
        finish(dataTask)?.complete(error: nil)
        dataTask.cancel()
    }

    public func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        let location = response.value(forHTTPHeaderField: "Location").flatMap(URL.init(string:))
        let target = location?.scheme == nil ? request.url : location
        let allowed = withTransfer(task) { $0.redirect(to: target) } ?? false
        completionHandler(allowed ? request : nil)
        if !allowed { task.cancel() }
    }

    public func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        finish(task)?.complete(error: error)
    }
}

/// The state of one transfer between the delegate's callbacks. A class, so the body
/// grows in place instead of being copied on every chunk.
private final class Transfer {
    /// A 3xx (other than 304) that arrives here was not followed: say why.
    static func unfollowedRedirect(_ response: HTTPURLResponse) -> TributaryError? {
        guard (300..<400).contains(response.statusCode), response.statusCode != 304 else { return nil }
        let location = response.value(forHTTPHeaderField: "Location").map(Redaction.redact) ?? "nowhere"
        return TributaryError(.badResponse, "refused a redirect to \(location): only http and https redirects are followed")
    }

    let request: HTTPRequest
    let limits: TransferLimits
    let continuation: CheckedContinuation<HTTPResponse, any Error>
    var response: HTTPURLResponse?
    var body = Data()
    var redirects = 0
    /// Set when the transfer was stopped on purpose; reported instead of "cancelled".
    var failure: TributaryError?

    init(request: HTTPRequest, limits: TransferLimits, continuation: CheckedContinuation<HTTPResponse, any Error>) {
        self.request = request
        self.limits = limits
        self.continuation = continuation
    }

    func accept(_ response: URLResponse) -> Bool {
        self.response = response as? HTTPURLResponse
        let declared = self.response?.value(forHTTPHeaderField: "Content-Length").flatMap(Int.init) ?? 0
        guard declared <= limits.maxBodySize else { return fail(.badResponse, tooLarge) }
        return true
    }

    func append(_ data: Data) -> Bool {
        guard body.count + data.count <= limits.maxBodySize else { return fail(.badResponse, tooLarge) }
        body.append(data)
        return true
    }

    func redirect(to url: URL?) -> Bool {
        redirects += 1
        guard let scheme = url?.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            return fail(.badResponse, "refused a redirect to \(Redaction.redact(url?.absoluteString ?? "an invalid URL")): only http and https are followed")
        }
        guard redirects <= limits.maxRedirects else {
            return fail(.badResponse, "more than \(limits.maxRedirects) redirects (a redirect loop?)")
        }
        return true
    }

    private var tooLarge: String {
        "response larger than \(ByteCount.format(limits.maxBodySize)) cap; raise \"maxResponseMB\" in feeds.json if this is expected"
    }

    private func fail(_ code: TributaryError.Code, _ message: String) -> Bool {
        failure = TributaryError(code, message)
        return false
    }

    func complete(error: (any Error)?) {
        if let failure { return continuation.resume(throwing: failure) }
        if let error, let response {
            let expected = response.expectedContentLength > 0 ? " of \(response.expectedContentLength)" : ""
            let message = "connection closed before the body was complete (truncated after \(body.count)\(expected) bytes)"
            return continuation.resume(throwing: TransportErrors.isCancellation(error) ? TransportErrors.describe(error, request: request, limits: limits) : TributaryError(.badResponse, message))
        }
        if let error { return continuation.resume(throwing: TransportErrors.describe(error, request: request, limits: limits)) }
        guard let response else {
            return continuation.resume(throwing: TributaryError(.badResponse, "no HTTP response from \(request.displayURL)"))
        }
        if let refusal = Self.unfollowedRedirect(response) { return continuation.resume(throwing: refusal) }
        let headers = response.allHeaderFields.reduce(into: [String: String]()) { result, field in
            result[String(describing: field.key).lowercased()] = String(describing: field.value)
        }
        continuation.resume(returning: HTTPResponse(status: response.statusCode, headers: headers, body: body, request: request))
    }
}
