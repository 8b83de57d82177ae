import Foundation
import Tributary

/// App-password login: `com.atproto.server.createSession` on the auth server, and what
/// its answers mean. The password travels only in the POST's body, a secret one; the
/// tokens of the answer are secret response fields, so recordings keep them as `"***"`.
struct BlueskyLogin: Sendable {
    static let configureHint =
        "set \"identifier\" to the account's handle or email and "
        + "\"appPassword\" to an app password (Bluesky: Settings → Privacy and security → App passwords)"

    let identifier: String
    let password: Secret
    /// Where `createSession` goes, and every call once logged in: `https://bsky.social` by default.
    let server: URL

    /// The `createSession` POST: `{"identifier": …, "password": …}`.
    var request: HTTPRequest {
        let body = HTTPBody.json(["identifier": identifier, "password": password.value], secretFields: ["password"])
        var request = HTTPRequest(
            post: server.appendingPathComponent("xrpc/com.atproto.server.createSession"), body: body,
            secretResponseFields: ["accessJwt", "refreshJwt"]
        )
        request.rateLimitKey = holdKey
        return request
    }

    /// Logins wait on their own rate-limit key, apart from the feeds'.
    var holdKey: String { "bluesky-login:\(server.absoluteString)" }

    /// Logs in and returns the session's access token; throws `skipped` errors that say
    /// what to configure when Bluesky refuses the login.
    func accessToken(_ http: HTTPClient) async throws -> Secret {
        let response = try await http.send(request)
        do {
            try checkStatus(response)
        } catch let error as TributaryError where error.retryAfter != nil {
            await http.hold(holdKey, until: error.retryAfter!)
            throw error
        }
        guard let session = try? JSONDecoder().decode(BlueskyAPI.Session.self, from: response.body),
            !session.accessJwt.isEmpty
        else {
            // No excerpt: the body may hold a refresh token.
            throw TributaryError(
                .badResponse, "Bluesky's answer to the login of \"\(identifier)\" is not a session (no accessJwt)"
            )
        }
        return Secret(session.accessJwt)
    }

    func checkStatus(_ response: HTTPResponse) throws {
        guard !response.isSuccess else { return }
        let error = BlueskyResponse.errorBody(response)
        let detail = BlueskyResponse.detail(response, error)
        switch (response.status, error?.error) {
        case (_, "AuthFactorTokenRequired"):
            throw TributaryError(
                .skipped,
                "Bluesky login of \"\(identifier)\" asks for the sign-in code it emailed (\(detail)): "
                    + "use an app password, which needs no code; \(Self.configureHint)"
            )
        case (429, _), (_, "RateLimitExceeded"):
            throw rateLimited(response, detail)
        case (400, _), (401, _), (403, _):
            throw TributaryError(
                .skipped, "Bluesky login of \"\(identifier)\" failed (\(detail)): \(Self.configureHint)"
            )
        default:
            try response.requireSuccess("Bluesky login")
        }
    }

    /// Logins are limited per account (30 in 5 minutes; 300 a day says the documentation, 100
    /// a day at the bsky.social entryway, bsky-docs issue 183): skipped until the reset.
    private func rateLimited(_ response: HTTPResponse, _ detail: String) -> TributaryError {
        let until =
            RetryAfter.parse(response.header("retry-after"), now: response.receivedAt)
            ?? BlueskyResponse.resetDate(response)
        let when = until.map { "after \(ClockTime.format($0, now: response.receivedAt))" } ?? "later"
        return TributaryError(
            .skipped,
            "Bluesky is limiting logins of \"\(identifier)\" (\(detail)): it allows 30 in 5 minutes and 100 a day "
                + "per account; run again \(when)",
            retryAfter: until
        )
    }
}
