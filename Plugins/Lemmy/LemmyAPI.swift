import Foundation
import Tributary

/// The Lemmy API v3 wire format (0.18 and 0.19), exactly as upstream sends it:
/// `GET /api/v3/post/list` and the error body.
enum LemmyAPI {
    /// Sort orders `post/list` accepts (`SortType`).
    static let sorts = [
        "Active", "Hot", "New", "Old", "TopDay", "TopWeek", "TopMonth", "TopYear", "TopAll", "MostComments",
        "NewComments", "TopHour", "TopSixHour", "TopTwelveHour", "TopThreeMonths", "TopSixMonths", "TopNineMonths",
        "Controversial", "Scaled",
    ]

    struct PostList: Decodable {
        var posts: [PostView]?
        /// 0.19's cursor for the next page; absent in 0.18.
        var next_page: String?
    }

    struct PostView: Decodable {
        var post: Post
        var creator: Person?
        var community: Community?
        var counts: Counts?
    }

    struct Post: Decodable {
        var id: Int
        var name: String
        /// The linked page; absent for text posts.
        var url: String?
        /// Markdown.
        var body: String?
        /// `2026-11-22T05:11:43.123456Z` in 0.19; without a zone (UTC) in 0.18.
        var published: String?
        var deleted: Bool?
        var removed: Bool?
        var nsfw: Bool?
        var thumbnail_url: String?
        /// The post's ActivityPub id, a web page on its home instance.
        var ap_id: String?
    }

    struct Person: Decodable {
        var name: String
        var display_name: String?
        var actor_id: String?
    }

    struct Community: Decodable {
        var name: String
        var title: String?
    }

    struct Counts: Decodable {
        var score: Int?
        var comments: Int?
        var upvotes: Int?
        var downvotes: Int?
    }

    /// `{"error": "couldnt_find_community"}`; 0.19 may add `"message"`.
    struct ErrorBody: Decodable {
        var error: String?
        var message: String?
    }

    static func request(base: URL, community: String, sort: String, limit: Int) -> HTTPRequest {
        var request = HTTPRequest(
            base: base, path: "api/v3/post/list",
            query: [
                ("community_name", community), ("sort", sort), ("limit", String(limit)),
            ])
        request.rateLimitKey = "lemmy:\(base.absoluteString)"
        return request
    }
}
