import Foundation
import Tributary

/// Which timeline an entry reads and with which filters, checked without I/O.
struct MastodonQuery: Sendable {
    enum Mode: String, Sendable, CaseIterable {
        /// `/api/v1/timelines/tag/:hashtag`.
        case hashtag
        /// `/api/v1/accounts/lookup`, then `/api/v1/accounts/:id/statuses`.
        case account
        /// `/api/v1/timelines/public`: what the instance knows from everywhere.
        case `public`
        /// `/api/v1/timelines/public?local=true`: the instance's own accounts only.
        case local
    }

    /// Mastodon serves at most 40 statuses a page.
    static let maxPageSize = 40

    var mode: Mode
    /// Without `#`.
    var hashtag: String
    var any: [String]
    var all: [String]
    var none: [String]
    /// `user` or `user@other.example`, without a leading `@`.
    var account: String
    var localOnly: Bool
    var remoteOnly: Bool
    var onlyMedia: Bool
    var limit: Int

    var pageSize: Int { min(limit, Self.maxPageSize) }

    /// Letters, digits, `_` and the middle dot: what Mastodon accepts in a hashtag.
    static func isHashtag(_ tag: String) -> Bool {
        !tag.isEmpty
            && tag.unicodeScalars.allSatisfy {
                $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "·"
            }
    }

    /// The option and message of the first thing the entry gets wrong for its mode.
    func problem() -> (key: String, message: String)? {
        switch mode {
        case .hashtag where !Self.isHashtag(hashtag):
            return (
                "hashtag",
                hashtag.isEmpty
                    ? "required in hashtag mode, e.g. \"swift\""
                    : "\"\(hashtag)\" is not a hashtag (letters, digits and _ only)"
            )
        case .account where account.isEmpty || account.contains("/") || account.contains(" "):
            return ("account", "required in account mode, as \"user\" or \"user@instance.example\"")
        default: break
        }
        if mode != .hashtag && !(any + all + none).isEmpty {
            return ("mode", "any, all and none apply only to hashtag mode")
        }
        if let tag = (any + all + none).first(where: { !Self.isHashtag($0) }) {
            return ("any", "\"\(tag)\" (in any, all or none) is not a hashtag (letters, digits and _ only)")
        }
        if localOnly && remoteOnly { return ("remote", "\"local\" and \"remote\" together select nothing; keep one") }
        return nil
    }

    /// The path of the first request under the instance.
    var path: String {
        switch mode {
        case .hashtag: "api/v1/timelines/tag/\(hashtag)"
        case .account: "api/v1/accounts/lookup"
        case .public, .local: "api/v1/timelines/public"
        }
    }

    /// The timeline's query parameters (the lookup's for account mode: see `statusParameters`).
    var parameters: [(String, String)] {
        guard mode != .account else { return [("acct", account)] }
        var query: [(String, String)] = []
        query += any.map { ("any[]", $0) } + all.map { ("all[]", $0) } + none.map { ("none[]", $0) }
        if localOnly || mode == .local { query.append(("local", "true")) }
        if remoteOnly { query.append(("remote", "true")) }
        if onlyMedia { query.append(("only_media", "true")) }
        return query + [("limit", String(pageSize))]
    }

    /// `/api/v1/accounts/:id/statuses`' parameters.
    var statusParameters: [(String, String)] {
        (onlyMedia ? [("only_media", "true")] : []) + [("limit", String(pageSize))]
    }
}
