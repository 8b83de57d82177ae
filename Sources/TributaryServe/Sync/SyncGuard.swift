import Foundation
import HTTPTypes
import Hummingbird
import TributaryLive

/// Guards the sync APIs' paths: 404 without a sync account (`--sync-user`), 503 without a
/// state store, 429 for a minute to an address after 10 failed sign-ins within one, 401
/// (Miniflux's error body) for wrong or missing credentials, whose check takes the same
/// time for a wrong user as for a wrong password.
struct SyncGuard: RouterMiddleware {
    typealias Context = ServeRequestContext

    let credentials: SyncCredentials?
    let limiter: FailureLimiter
    let hasStore: Bool

    static var authTokenHeader: HTTPField.Name { HTTPField.Name("X-Auth-Token")! }

    /// Whether `path` is one of the sync APIs'.
    static func isSyncPath(_ path: String) -> Bool {
        path == "/v1" || path.hasPrefix("/v1/")
    }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard Self.isSyncPath(request.uri.path) else { return try await next(request, context) }
        guard let credentials else { return MinifluxResponse.notFound() }
        let address = context.clientAddress ?? "unknown"
        if let until = limiter.blockedUntil(address) {
            let seconds = max(1, Int(until.timeIntervalSinceNow.rounded(.up)))
            return MinifluxResponse.error(
                "Too many failed sign-ins from this address; try again in \(seconds) s", status: .tooManyRequests,
                headers: [.retryAfter: String(seconds)])
        }
        guard Self.signedIn(request, credentials) else {
            limiter.recordFailure(address)
            return MinifluxResponse.error(
                "Access Unauthorized", status: .unauthorized, headers: [.wwwAuthenticate: #"Basic realm="Tributary""#])
        }
        guard hasStore else {
            return MinifluxResponse.error(
                "serve runs without a state store (--no-state): the sync APIs read the archive",
                status: .serviceUnavailable)
        }
        do {
            return try await next(request, context)
        } catch is SyncUnavailable {
            return MinifluxResponse.error("the state store is not available", status: .serviceUnavailable)
        }
    }

    /// HTTP Basic with the account's user and password, or the password as `X-Auth-Token`.
    static func signedIn(_ request: Request, _ credentials: SyncCredentials) -> Bool {
        if let token = request.headers[authTokenHeader] { return credentials.accepts(token: token) }
        guard let basic = SyncCredentials.basic(request.headers[.authorization]) else { return false }
        return credentials.accepts(user: basic.user, password: basic.password)
    }
}
