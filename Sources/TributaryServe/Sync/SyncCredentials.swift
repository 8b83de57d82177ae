import Crypto
import Foundation
import TributaryLive

/// Checks the credentials a sync client sends against the account, in time that does not
/// depend on which part is wrong: the user name and the password are hashed together
/// (SHA-256), and the digests compared in full, byte by byte, without stopping early.
struct SyncCredentials: Sendable {
    let account: SyncAccount
    private let expected: [UInt8]
    /// Google Reader's `Auth` token (`ClientLogin`'s answer, then `Authorization: GoogleLogin
    /// auth=…`): HMAC-SHA256 of the user under the password, as 64 hex digits, so it holds
    /// no `=` and tells nothing of the password.
    let googleAuth: String
    /// Google Reader's action token (`/reader/api/0/token`, sent back as `T` on changes):
    /// another HMAC under the password, 57 characters as Google's were.
    let actionToken: String

    init(_ account: SyncAccount) {
        self.account = account
        expected = Self.digest(user: account.user, password: account.password.value)
        googleAuth = Self.hmac("google-reader-auth", account)
        actionToken = String(Self.hmac("google-reader-action", account).prefix(57))
    }

    /// Whether `token` is the account's Google Reader `Auth` token, compared in constant time.
    func accepts(googleAuth token: String) -> Bool {
        Self.sameText(token, googleAuth)
    }

    /// Whether `token` is the action token, compared in constant time.
    func accepts(actionToken token: String) -> Bool {
        Self.sameText(token, actionToken)
    }

    /// The bridge feed `feed`'s `?token=`: an HMAC of its name under the password, 32 hex
    /// digits, the same across restarts and different for each feed.
    func feedToken(_ feed: String) -> String {
        String(Self.hmac("tributary-feed:\(feed)", account).prefix(32))
    }

    /// Whether two texts are equal, compared as SHA-256 digests in constant time, so the
    /// time taken says nothing of where they differ.
    static func sameText(_ left: String, _ right: String) -> Bool {
        constantTimeEqual(Array(SHA256.hash(data: Data(left.utf8))), Array(SHA256.hash(data: Data(right.utf8))))
    }

    private static func hmac(_ purpose: String, _ account: SyncAccount) -> String {
        let key = SymmetricKey(data: Data(account.password.value.utf8))
        let code = HMAC<SHA256>.authenticationCode(for: Data((purpose + "\u{0}" + account.user).utf8), using: key)
        return code.map { String(format: "%02x", $0) }.joined()
    }

    /// Whether `user` and `password` are the account's.
    func accepts(user: String, password: String) -> Bool {
        Self.constantTimeEqual(Self.digest(user: user, password: password), expected)
    }

    /// Whether `token` is the account's password, which doubles as its API token
    /// (Miniflux's `X-Auth-Token`, Google Reader's `Auth` token derives from it).
    func accepts(token: String) -> Bool {
        accepts(user: account.user, password: token)
    }

    /// HTTP Basic credentials from an `Authorization` header value (RFC 7617).
    static func basic(_ header: String?) -> (user: String, password: String)? {
        guard let header, header.count > 6, header.prefix(6).lowercased() == "basic " else { return nil }
        guard let data = Data(base64Encoded: String(header.dropFirst(6)).trimmingCharacters(in: .whitespaces)),
            let text = String(data: data, encoding: .utf8), let colon = text.firstIndex(of: ":")
        else { return nil }
        return (String(text[..<colon]), String(text[text.index(after: colon)...]))
    }

    private static func digest(user: String, password: String) -> [UInt8] {
        Array(SHA256.hash(data: Data((user + "\u{0}" + password).utf8)))
    }

    private static func constantTimeEqual(_ left: [UInt8], _ right: [UInt8]) -> Bool {
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices { difference |= left[index] ^ right[index] }
        return difference == 0
    }
}
