import Foundation
import Tributary

/// One refresh of a `bluesky` entry: the feed or search call, on the public AppView
/// without login, or through the auth server with the session's token (logging in
/// first, and once more when the token has expired).
struct BlueskyFetch: Sendable {
    let source: BlueskySource
    let http: HTTPClient

    func run() async throws -> SourceUpdate {
        guard let session = source.session else {
            return try await update(http.send(source.request(at: source.baseURL)))
        }
        let token = try await session.accessToken(http)
        let response = try await http.send(authorized(token))
        guard BlueskyResponse.isExpiredToken(response), let renewed = try await session.renew(after: token, http) else {
            return try await update(response, loggedIn: true)
        }
        return try await update(http.send(authorized(renewed)), loggedIn: true)
    }

    /// The call on the auth server, with `Authorization: Bearer <accessJwt>`.
    func authorized(_ token: Secret) -> HTTPRequest {
        var request = source.request(at: source.session?.login.server ?? source.baseURL)
        request.secretHeaders["Authorization"] = Secret("Bearer \(token.value)")
        return request
    }

    /// Maps the response; an error saying when to ask again holds the feed's requests until then.
    func update(_ response: HTTPResponse, loggedIn: Bool = false) async throws -> SourceUpdate {
        do {
            return try source.update(from: response, loggedIn: loggedIn)
        } catch let error as TributaryError where error.retryAfter != nil {
            await http.hold(response.request.rateLimitKey ?? response.request.hostKey, until: error.retryAfter!)
            throw error
        }
    }
}
