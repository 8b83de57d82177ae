import Foundation
import Tributary

/// What an entry asks the HN Search API for, checked without I/O.
struct HackerNewsQuery: Sendable {
    /// Algolia serves at most this many hits per page to HN Search.
    static let maxPageSize = 100
    static let plainTags: Set<String> = [
        "story", "comment", "poll", "pollopt", "show_hn", "ask_hn", "front_page", "job",
    ]
    static let numericAttributes = ["points", "num_comments", "created_at_i"]

    var text: String
    var tags: [String]
    var numericFilters: [String]
    /// `search` (relevance, then points) or `search_by_date` (newest first).
    var endpoint: String
    var limit: Int

    var pageSize: Int { min(limit, Self.maxPageSize) }

    /// The option and message of the first value upstream would reject or ignore.
    func problem() -> (key: String, message: String)? {
        if let tag = tags.first(where: { !Self.isKnownTag($0) }) {
            return (
                "tags",
                "\"\(tag)\" is not an HN Search tag; use story, comment, poll, pollopt, show_hn, ask_hn, front_page, "
                    + "job, author_NAME or story_ID"
            )
        }
        if let filter = numericFilters.first(where: { !Self.isNumericFilter($0) }) {
            return (
                "numericFilters",
                "\"\(filter)\" is not a filter such as \"points>100\"; use points, num_comments or created_at_i with "
                    + "<, <=, =, >= or >"
            )
        }
        return nil
    }

    static func isKnownTag(_ tag: String) -> Bool {
        if plainTags.contains(tag) { return true }
        if tag.hasPrefix("author_") { return tag.count > "author_".count && !tag.contains(",") }
        if tag.hasPrefix("story_") { return Int(tag.dropFirst("story_".count)) != nil }
        return false
    }

    /// `points>100`, `created_at_i>=1700000000`, `num_comments=0`.
    static func isNumericFilter(_ filter: String) -> Bool {
        guard let attribute = numericAttributes.first(where: { filter.hasPrefix($0) }) else { return false }
        let rest = filter.dropFirst(attribute.count)
        let comparison = ["<=", ">=", "<", ">", "="].first { rest.hasPrefix($0) } ?? ""
        let number = rest.dropFirst(comparison.count)
        return !comparison.isEmpty && Int(number) != nil
    }
}
