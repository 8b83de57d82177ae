import Foundation
import Tributary

/// The login session of one `bluesky` entry for a run: logs in on first need, keeps the
/// access token for the run's later requests (and the host's retries), and logs in again,
/// once, when Bluesky says the token expired.
actor BlueskySession {
    let login: BlueskyLogin
    private var token: Secret?
    private var hasRenewed = false

    init(login: BlueskyLogin) {
        self.login = login
    }

    /// The current access token, logging in first when there is none.
    func accessToken(_ http: HTTPClient) async throws -> Secret {
        if let token { return token }
        let fresh = try await login.accessToken(http)
        token = fresh
        return fresh
    }

    /// A new token after `expired` was refused as expired; nil when the session was
    /// already renewed once in this run.
    func renew(after expired: Secret, _ http: HTTPClient) async throws -> Secret? {
        if let token, token != expired { return token }
        guard !hasRenewed else { return nil }
        hasRenewed = true
        token = nil
        return try await accessToken(http)
    }
}
