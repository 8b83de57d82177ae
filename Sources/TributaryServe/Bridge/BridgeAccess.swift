import Foundation
import Hummingbird
import TributaryLive

/// Who may read the bridge feeds: anyone when `serve` listens on loopback or was told
/// `--no-auth`; otherwise a client signed in with the sync account (HTTP Basic), or one
/// whose URL carries the feed's token (`?token=…`, for readers that cannot sign in).
///
/// A feed's token is `SyncCredentials.feedToken`: an HMAC of its name under the sync
/// password, the same across restarts, different per feed, telling nothing of the password.
struct BridgeAccess: Sendable {
    /// Whether every client may read the feeds.
    let isOpen: Bool
    let credentials: SyncCredentials?

    /// The `token` query parameter of `feed` (a source id, or `all`); nil when none is needed.
    func token(for feed: String) -> String? {
        guard !isOpen, let credentials else { return nil }
        return credentials.feedToken(feed)
    }

    /// Whether `request` may read `feed`.
    func allows(_ request: Request, feed: String) -> Bool {
        if isOpen { return true }
        guard let credentials else { return false }
        if let given = request.uri.queryParameters["token"].map(String.init) {
            return SyncCredentials.sameText(given, credentials.feedToken(feed))
        }
        guard let basic = SyncCredentials.basic(request.headers[.authorization]) else { return false }
        return credentials.accepts(user: basic.user, password: basic.password)
    }
}
