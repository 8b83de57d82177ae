import Foundation
import Tributary

/// Hacker News stories and comments matching a search, through the public HN Search
/// API run by Algolia. Needs no key.
public struct HackerNewsSource: FeedSource {
    public static let type = "hackernews"
    public static let summary = "Hacker News search (the public HN Search API by Algolia; no key)"
    public static let defaultBaseURL = "https://hn.algolia.com"
    public static let options = [
        OptionSpec("query", .string, "full-text search; empty: everything the tags and filters match", default: "\"\""),
        OptionSpec(
            "tags", .stringList(maxCount: 10),
            "all of: story, comment, poll, show_hn, ask_hn, front_page, job, author_NAME, story_ID", default: "[]"),
        OptionSpec(
            "numericFilters", .stringList(maxCount: 10),
            "all of, e.g. \"points>100\", \"created_at_i>1767225600\", \"num_comments>=10\"", default: "[]"),
        OptionSpec(
            "sort", .choice(["relevance", "date"]),
            "relevance: /api/v1/search; date: /api/v1/search_by_date, newest first", default: "relevance"),
        OptionSpec("limit", .integer(1...500), "hits to fetch; more than 100 are read page by page", default: "30"),
    ]

    let query: HackerNewsQuery
    let baseURL: URL

    public init(entry: SourceEntry) throws {
        query = HackerNewsQuery(
            text: entry.string("query") ?? "",
            tags: entry.strings("tags") ?? [],
            numericFilters: (entry.strings("numericFilters") ?? []).map { $0.filter { !$0.isWhitespace } },
            endpoint: entry.string("sort") == "date" ? "search_by_date" : "search",
            limit: entry.int("limit") ?? 30
        )
        if let problem = query.problem() { throw entry.invalid(problem.key, problem.message) }
        baseURL = entry.baseURL(default: Self.defaultBaseURL)
    }

    public func signal(in context: SourceContext) -> Signal<SourceUpdate> {
        Signal.once { try await fetchPages(context.http) }
    }

    /// Reads pages from 0 until `limit` hits are in, `nbPages` runs out, or a page is empty.
    func fetchPages(_ http: HTTPClient) async throws -> SourceUpdate {
        var hits: [HackerNewsAPI.Hit] = []
        var page = 0
        var last: HackerNewsAPI.SearchResponse
        repeat {
            last = try await fetch(page: page, http)
            hits += last.hits ?? []
            page += 1
        } while hits.count < query.limit && page < (last.nbPages ?? 0) && !(last.hits ?? []).isEmpty
        var update = SourceUpdate(items: HackerNewsMapping.items(Array(hits.prefix(query.limit))))
        update.diagnostics.append(
            "\(page) page(s) read of \(last.nbPages ?? page); \(last.nbHits ?? hits.count) hits upstream")
        return update
    }

    func fetch(page: Int, _ http: HTTPClient) async throws -> HackerNewsAPI.SearchResponse {
        let request = HackerNewsAPI.request(base: baseURL, query: query, page: page)
        do {
            return try HackerNewsResponse.decode(try await http.send(request))
        } catch let error as TributaryError {
            if let until = error.retryAfter { await http.hold(request.rateLimitKey ?? request.hostKey, until: until) }
            throw error
        }
    }
}
