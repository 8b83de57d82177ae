import HTTPTypes
import Hummingbird

/// Checks every request before it is routed: more than one `Host` line gets 400 (RFC 9112
/// §3.2), a `Host` other than the bound host and port gets 421 (DNS rebinding; for an
/// absolute-form target, its authority, put in `Host` by `AbsoluteTarget`), and a POST
/// without the page's token gets 403 (except on the sync APIs' paths, which sign in).
struct RequestGuard<Context: RequestContext>: RouterMiddleware {
    static var tokenHeader: HTTPField.Name { HTTPField.Name("X-Tributary-Token")! }
    /// A `Host` line left among the fields: the first one becomes the request's authority.
    static var hostHeader: HTTPField.Name { HTTPField.Name("Host")! }

    let acceptedHosts: Set<String>
    let token: ServeToken

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard request.headers[values: Self.hostHeader].isEmpty else {
            return ServeResponse.text("A request may carry one Host header, not more.\n", status: .badRequest)
        }
        let host = request.head.authority
        guard let host, acceptedHosts.contains(host.lowercased()) else {
            return ServeResponse.text(
                "This server answers only to \(acceptedHosts.sorted().joined(separator: ", ")).\n",
                status: .misdirectedRequest)
        }
        // The sync APIs sign in with the sync account instead (`SyncGuard`).
        if request.method == .post, !SyncGuard.isSyncPath(request.uri.path),
            !token.matches(request.headers[Self.tokenHeader])
        {
            return ServeResponse.text(
                "Missing or wrong X-Tributary-Token: send the one in the page's meta tag.\n",
                status: .forbidden)
        }
        return try await next(request, context)
    }
}

/// Responses built the same way everywhere.
enum ServeResponse {
    static func text(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        body(text, type: "text/plain; charset=utf-8", status: status)
    }

    static func json(_ json: String, status: HTTPResponse.Status = .ok) -> Response {
        body(json, type: "application/json", status: status)
    }

    /// `text` as `type`, with `headers` besides the content type and `Cache-Control: no-store`.
    static func body(
        _ text: String, type: String, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]
    ) -> Response {
        var fields: HTTPFields = [.contentType: type, .cacheControl: "no-store"]
        fields.append(contentsOf: headers)
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
