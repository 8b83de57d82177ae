import Foundation
import HTTPTypes
import Hummingbird
import TributaryLive

/// Guards the sync APIs' paths: 404 without a sync account (`--sync-user`), 503 without a
/// state store, 429 for a minute to an address after 10 failed sign-ins within one, 401
/// for wrong or missing credentials, whose check takes the same time for a wrong user as
/// for a wrong password. Each API gets its own error bodies (Miniflux's JSON, Google
/// Reader's plain text).
struct SyncGuard: RouterMiddleware {
    typealias Context = ServeRequestContext

    let credentials: SyncCredentials?
    let limiter: FailureLimiter
    let hasStore: Bool

    static var authTokenHeader: HTTPField.Name { HTTPField.Name("X-Auth-Token")! }

    enum API { case miniflux, googleReader }

    /// The sync API `path` belongs to, if any.
    static func api(of path: String) -> API? {
        if path == "/v1" || path.hasPrefix("/v1/") { return .miniflux }
        return GoogleReaderPath.canonical(path) == nil ? nil : .googleReader
    }

    /// Whether `path` is one of the sync APIs'.
    static func isSyncPath(_ path: String) -> Bool { api(of: path) != nil }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard let api = Self.api(of: request.uri.path) else { return try await next(request, context) }
        guard let credentials else { return Self.answer(.notFound, api) }
        let address = context.clientAddress ?? "unknown"
        if let until = limiter.blockedUntil(address) {
            return Self.answer(.tooMany(seconds: max(1, Int(until.timeIntervalSinceNow.rounded(.up)))), api)
        }
        var request = request
        let signedIn: Bool
        switch api {
        case .miniflux: signedIn = Self.signedIn(request, credentials)
        case .googleReader: (signedIn, request) = try await GoogleReaderPath.signIn(request, credentials)
        }
        guard signedIn else {
            limiter.recordFailure(address)
            return Self.answer(.unauthorized, api)
        }
        guard hasStore else { return Self.answer(.noStore, api) }
        do {
            return try await next(request, context)
        } catch is SyncUnavailable {
            return Self.answer(.storeUnavailable, api)
        }
    }

    /// HTTP Basic with the account's user and password, or the password as `X-Auth-Token`.
    static func signedIn(_ request: Request, _ credentials: SyncCredentials) -> Bool {
        if let token = request.headers[authTokenHeader] { return credentials.accepts(token: token) }
        guard let basic = SyncCredentials.basic(request.headers[.authorization]) else { return false }
        return credentials.accepts(user: basic.user, password: basic.password)
    }

    enum Refusal {
        case notFound, unauthorized, noStore, storeUnavailable
        case tooMany(seconds: Int)
    }

    /// The refusal in the API's own words.
    static func answer(_ refusal: Refusal, _ api: API) -> Response {
        switch (refusal, api) {
        case (.notFound, .miniflux): return MinifluxResponse.notFound()
        case (.notFound, .googleReader): return GoogleReaderResponse.notFound()
        case (.unauthorized, .miniflux):
            return MinifluxResponse.error(
                "Access Unauthorized", status: .unauthorized, headers: [.wwwAuthenticate: #"Basic realm="Tributary""#])
        case (.unauthorized, .googleReader): return GoogleReaderResponse.unauthorized()
        case (.tooMany(let seconds), _):
            let message = "Too many failed sign-ins from this address; try again in \(seconds) s"
            let headers: HTTPFields = [.retryAfter: String(seconds)]
            return api == .miniflux
                ? MinifluxResponse.error(message, status: .tooManyRequests, headers: headers)
                : GoogleReaderResponse.text(message + "\n", status: .tooManyRequests, headers: headers)
        case (.noStore, _), (.storeUnavailable, _):
            let message =
                if case .noStore = refusal {
                    "serve runs without a state store (--no-state): the sync APIs read the archive"
                } else { "the state store is not available" }
            return api == .miniflux
                ? MinifluxResponse.error(message, status: .serviceUnavailable)
                : GoogleReaderResponse.text(message + "\n", status: .serviceUnavailable)
        }
    }
}
