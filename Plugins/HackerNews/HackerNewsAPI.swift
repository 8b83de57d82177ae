import Foundation
import Tributary

/// The HN Search API (Algolia) wire format, exactly as upstream sends it, and the
/// request for one page of results.
enum HackerNewsAPI {
    /// `GET /api/v1/search` or `/api/v1/search_by_date`.
    struct SearchResponse: Decodable {
        var hits: [Hit]?
        /// Zero-based.
        var page: Int?
        var nbPages: Int?
        var nbHits: Int?
        var hitsPerPage: Int?
    }

    /// A story, comment, poll or job. Fields absent for a kind are missing or null;
    /// `_highlightResult` is not decoded.
    struct Hit: Decodable {
        var objectID: String
        var title: String?
        var url: String?
        var author: String?
        var points: Int?
        var num_comments: Int?
        /// HTML, on Ask HN stories.
        var story_text: String?
        /// HTML, on comments.
        var comment_text: String?
        var story_title: String?
        var story_id: Int?
        /// `2026-11-22T05:11:43Z` (sometimes with milliseconds).
        var created_at: String?
        /// Unix seconds.
        var created_at_i: Int?
        /// `["story", "author_pg", "story_1", "show_hn"]`.
        var _tags: [String]?
    }

    /// Algolia's error body: `{"message": "...", "status": 400}`.
    struct ErrorBody: Decodable {
        var message: String?
        var status: Int?
    }

    /// One page of the search the query describes.
    static func request(base: URL, query: HackerNewsQuery, page: Int) -> HTTPRequest {
        var parameters = [("query", query.text)]
        if !query.tags.isEmpty { parameters.append(("tags", query.tags.joined(separator: ","))) }
        if !query.numericFilters.isEmpty {
            parameters.append(("numericFilters", query.numericFilters.joined(separator: ",")))
        }
        parameters += [("hitsPerPage", String(query.pageSize)), ("page", String(page))]
        var request = HTTPRequest(base: base, path: "api/v1/\(query.endpoint)", query: parameters)
        request.rateLimitKey = "hn-algolia:\(base.absoluteString)"
        return request
    }
}
