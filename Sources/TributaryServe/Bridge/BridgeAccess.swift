import Crypto
import Foundation
import Hummingbird
import TributaryLive

/// Who may read the bridge feeds: anyone when `serve` listens on loopback or was told
/// `--no-auth`; otherwise a client signed in with the sync account (HTTP Basic), or one
/// whose URL carries the feed's token (`?token=…`, for readers that cannot sign in).
///
/// A feed's token is HMAC-SHA256 of its name under the sync password: the same across
/// restarts, different per feed, and telling nothing of the password.
struct BridgeAccess: Sendable {
    /// Whether every client may read the feeds.
    let isOpen: Bool
    let credentials: SyncCredentials?

    /// The `token` query parameter of `feed` (a source id, or `all`); nil when none is needed.
    func token(for feed: String) -> String? {
        guard !isOpen, let credentials else { return nil }
        let key = SymmetricKey(data: Data(credentials.account.password.value.utf8))
        let code = HMAC<SHA256>.authenticationCode(for: Data("tributary-feed:\(feed)".utf8), using: key)
        return code.prefix(16).map { String(format: "%02x", $0) }.joined()
    }

    /// Whether `request` may read `feed`.
    func allows(_ request: Request, feed: String) -> Bool {
        if isOpen { return true }
        guard let credentials else { return false }
        if let given = request.uri.queryParameters["token"].map(String.init), let expected = token(for: feed) {
            return Self.sameText(given, expected)
        }
        guard let basic = SyncCredentials.basic(request.headers[.authorization]) else { return false }
        return credentials.accepts(user: basic.user, password: basic.password)
    }

    /// Compares in time that depends only on the lengths.
    private static func sameText(_ left: String, _ right: String) -> Bool {
        let left = Array(left.utf8)
        let right = Array(right.utf8)
        guard left.count == right.count else { return false }
        return zip(left, right).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
