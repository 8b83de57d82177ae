import Foundation
import Tributary

/// Reads an AppView response: decodes success bodies and turns XRPC errors, and the
/// HTML 403 the public AppView sends unauthenticated searches, into `TributaryError`s.
enum BlueskyResponse {
    static let loginHint =
        "log in: \(BlueskyLogin.configureHint); "
        + "author feeds of public profiles (\"mode\": \"author\") work without it"

    /// Decodes a success body; `loggedIn` says whether the request carried a session, for
    /// the message of an auth error.
    static func decode<T: Decodable>(_ type: T.Type, _ response: HTTPResponse, loggedIn: Bool = false) throws -> T {
        try checkStatus(response, loggedIn: loggedIn)
        do {
            return try JSONDecoder().decode(T.self, from: response.body)
        } catch {
            throw TributaryError(
                .badResponse,
                "Bluesky sent something that is not its XRPC JSON\(response.bodyKind): \(response.bodyExcerpt)")
        }
    }

    static func checkStatus(_ response: HTTPResponse, loggedIn: Bool = false) throws {
        guard !response.isSuccess else { return }
        let error = errorBody(response)
        let detail = Self.detail(response, error)
        switch (response.status, error?.error) {
        case (403, nil), (401, _), (_, "AuthMissing"), (_, "ExpiredToken"), (_, "InvalidToken"):
            guard loggedIn else {
                throw TributaryError(.skipped, "Bluesky needs login for this (\(detail)): \(loginHint)")
            }
            throw TributaryError(
                .skipped,
                "Bluesky refused the logged-in session (\(detail)); "
                    + "check \"identifier\", \"appPassword\" and \"authServer\"")
        case (429, _), (_, "RateLimitExceeded"):
            let until =
                RetryAfter.parse(response.header("retry-after"), now: response.receivedAt) ?? resetDate(response)
            throw TributaryError(.rateLimited, "Bluesky is rate limiting requests (\(detail))", retryAfter: until)
        case (400, _):
            throw TributaryError(.permanent, "Bluesky rejected the request (\(detail)); check \"actor\" or \"query\"")
        default:
            try response.requireSuccess("Bluesky")
        }
    }

    /// `HTTP 400: ExpiredToken: Token has expired`, at most 200 characters.
    static func detail(_ response: HTTPResponse, _ error: BlueskyAPI.ErrorBody?) -> String {
        let parts = [error?.error, error?.message].compactMap { $0 }.map { ": \($0)" }
        return TextCleanup.truncate("HTTP \(response.status)" + parts.joined(), to: 200)
    }

    /// Whether the session's access token has expired (`ExpiredToken`): log in again.
    static func isExpiredToken(_ response: HTTPResponse) -> Bool {
        !response.isSuccess && errorBody(response)?.error == "ExpiredToken"
    }

    /// The XRPC error body; nil for HTML pages and other bodies.
    static func errorBody(_ response: HTTPResponse) -> BlueskyAPI.ErrorBody? {
        guard let error = try? JSONDecoder().decode(BlueskyAPI.ErrorBody.self, from: response.body), error.error != nil
        else { return nil }
        return error
    }

    /// `ratelimit-reset`: Unix seconds.
    static func resetDate(_ response: HTTPResponse) -> Date? {
        response.header("ratelimit-reset").flatMap { Double($0) }.map { Date(timeIntervalSince1970: $0) }
    }
}
