import Foundation
import Tributary

/// A `hackernews` entry's options; each default is the property's initial value.
struct HackerNewsOptions: SourceOptions {
    enum Sort: String, CaseIterable { case relevance, date }

    var query = ""
    var tags: [String] = []
    var numericFilters: [String] = []
    var sort = Sort.relevance
    var limit = 30
    var baseURL = URL(string: "https://hn.algolia.com")!

    static var fields: [OptionField<Self>] {
        [
            .string("query", \.query, "full-text search; empty: everything the tags and filters match"),
            .strings(
                "tags", \.tags, maxCount: 10,
                "all must match (AND upstream): story, comment, poll, pollopt, show_hn, ask_hn, front_page, job, "
                    + "author_NAME, story_ID; anything else is a configuration error"),
            .strings(
                "numericFilters", \.numericFilters, maxCount: 10,
                "all must hold: points, num_comments or created_at_i with <, <=, =, >=, > and a whole number, "
                    + "e.g. \"points>100\" (spaces are dropped)"),
            .choice("sort", \.sort, "relevance: /api/v1/search; date: /api/v1/search_by_date, newest first"),
            .integer(
                "limit", \.limit, 1...500,
                "hits to fetch; pages of up to 100 are read from page 0 on until the limit, nbPages or an empty page"),
            .url("baseURL", \.baseURL, "the API root; requests go to {baseURL}/api/v1/…"),
        ]
    }
}
