import Foundation

/// The X (Twitter) wire formats, exactly as upstream sends them: API v2 recent search,
/// the closed-but-compatible v1.1 search, and the error bodies of both.
enum TwitterAPI {
    // MARK: v2 `GET /2/tweets/search/recent`

    /// Zero matches come without `data`, only `meta.result_count: 0`.
    struct SearchResponse: Decodable {
        var data: [Tweet]?
        var includes: Includes?
        var meta: Meta?
        /// Partial errors may ride along with data on a 200.
        var errors: [ErrorItem]?
    }

    struct Tweet: Decodable {
        /// Exceeds 2^53: always a string.
        var id: String
        /// HTML-escaped (`&amp;`, `&lt;`, `&gt;`).
        var text: String
        /// ISO 8601 with fractional seconds: `2024-01-15T10:30:00.000Z`.
        var created_at: String?
        var author_id: String?
        var lang: String?
        var public_metrics: PublicMetrics?
        /// Sent when `tweet.fields` asks for `entities`.
        var entities: Entities?
    }

    struct Entities: Decodable {
        var hashtags: [Hashtag]?
    }

    /// v2: `{"start": 0, "end": 6, "tag": "swift"}`, without the `#`.
    struct Hashtag: Decodable {
        var tag: String?
    }

    struct PublicMetrics: Decodable {
        var retweet_count: Int?
        var reply_count: Int?
        var like_count: Int?
        var quote_count: Int?
        var impression_count: Int?
    }

    struct Includes: Decodable {
        var users: [User]?
    }

    struct User: Decodable {
        var id: String
        var name: String?
        var username: String?
        var profile_image_url: String?
    }

    struct Meta: Decodable {
        var newest_id: String?
        var oldest_id: String?
        var result_count: Int?
        var next_token: String?
    }

    // MARK: v1.1 `GET /1.1/search/tweets.json`

    struct V1SearchResponse: Decodable {
        var statuses: [V1Status]?
        var search_metadata: V1SearchMetadata?
    }

    struct V1Status: Decodable {
        /// A number that loses precision in doubles; use `id_str`.
        var id: Double?
        var id_str: String
        /// HTML-escaped. `full_text` replaces it with `tweet_mode=extended`.
        var text: String?
        var full_text: String?
        /// `Mon Sep 17 22:41:52 +0000 2012`.
        var created_at: String?
        var favorite_count: Int?
        var retweet_count: Int?
        var lang: String?
        var user: V1User?
        var entities: V1Entities?
    }

    struct V1Entities: Decodable {
        var hashtags: [V1Hashtag]?
    }

    /// v1.1: `{"indices": [0, 6], "text": "swift"}`, without the `#`.
    struct V1Hashtag: Decodable {
        var text: String?
    }

    struct V1User: Decodable {
        var id_str: String?
        var name: String?
        var screen_name: String?
        var profile_image_url_https: String?
    }

    struct V1SearchMetadata: Decodable {
        var count: Int?
        var max_id_str: String?
        var query: String?
        var next_results: String?
    }

    // MARK: Errors

    /// Both error shapes in one tolerant struct: v2's `application/problem+json`
    /// (`title`, `type`, `detail`, `reason`) and v1.1's `{"errors":[{"code","message"}]}`.
    struct ErrorBody: Decodable {
        var title: String?
        var type: String?
        var detail: String?
        var status: Int?
        /// `client-not-enrolled` on 403.
        var reason: String?
        var registration_url: String?
        var required_enrollment: String?
        /// On usage-capped 429s: `Monthly`, `standard-basic`, `Product`.
        var period: String?
        var product_name: String?
        var scope: String?
        var errors: [ErrorItem]?
    }

    /// One entry of `errors`: v1.1 `code`/`message`, v2 `message`/`title`/`detail`.
    struct ErrorItem: Decodable {
        var code: Int?
        var message: String?
        var title: String?
        var detail: String?
        var type: String?
    }
}
