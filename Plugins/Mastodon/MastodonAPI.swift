import Foundation
import Tributary

/// The Mastodon REST API wire format, exactly as upstream sends it: statuses,
/// accounts, media and the error body.
enum MastodonAPI {
    struct Status: Decodable {
        /// A string of digits (a Snowflake-like id); ordered, not contiguous. A number
        /// before Mastodon 2.0.
        @MastodonID var id: String
        /// The ActivityPub id; the fallback link when `url` is null.
        var uri: String?
        /// The web page; null for some remote statuses.
        var url: String?
        /// `2026-11-22T05:11:43.000Z`.
        var created_at: String?
        var account: Account?
        /// HTML (`<p>`, `<br>`, `<a>`, `<span class="invisible">`); empty for media-only posts.
        var content: String?
        /// The content warning; empty when there is none.
        var spoiler_text: String?
        var sensitive: Bool?
        var media_attachments: [Attachment]?
        var tags: [Tag]?
        var favourites_count: Int?
        var reblogs_count: Int?
        var replies_count: Int?
        /// The boosted status, when this one is a boost (its own `content` is then empty).
        /// Boxed: a struct cannot contain itself.
        var reblog: Box<Status>?
        var visibility: String?
        var language: String?
    }

    /// An optional recursive field; decodes null as absent.
    final class Box<Value: Decodable & Sendable>: Decodable, Sendable {
        let value: Value
        init(from decoder: any Decoder) throws { value = try Value(from: decoder) }
    }

    struct Account: Decodable {
        /// A string of digits; a number before Mastodon 2.0.
        @MastodonID var id: String
        var username: String?
        /// `user` on the instance itself, `user@other.example` for remote accounts.
        var acct: String?
        /// May be empty; may hold custom emoji shortcodes (`:blobcat:`).
        var display_name: String?
        var url: String?
        var avatar: String?
    }

    struct Attachment: Decodable {
        /// `image`, `gifv`, `video`, `audio` or `unknown`.
        var type: String?
        var url: String?
        var preview_url: String?
        var remote_url: String?
        /// The alt text.
        var description: String?
    }

    struct Tag: Decodable {
        /// Without the `#`, as the author cased it.
        var name: String
        var url: String?
    }

    /// `{"error": "Record not found"}`; OAuth errors add `error_description`.
    struct ErrorBody: Decodable {
        var error: String?
        var error_description: String?
    }

    /// A GET under the instance with the token, when there is one, as a secret header.
    static func request(_ url: URL, token: Secret?, instance: URL) -> HTTPRequest {
        var request = HTTPRequest(url: url, rateLimitKey: "mastodon:\(instance.absoluteString)")
        if let token { request.secretHeaders["Authorization"] = Secret("Bearer \(token.value)") }
        return request
    }
}

extension MastodonAPI.Status: Sendable {}
extension MastodonAPI.Account: Sendable {}
extension MastodonAPI.Attachment: Sendable {}
extension MastodonAPI.Tag: Sendable {}
