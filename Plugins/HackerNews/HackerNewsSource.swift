import Foundation
import Tributary

/// Hacker News stories and comments matching a search, through the public HN Search
/// API run by Algolia. Needs no key.
public struct HackerNewsSource: FeedSource {
    public static let type = "hackernews"
    public static let summary = "Hacker News search (the public HN Search API by Algolia; no key)"
    public static let options = HackerNewsOptions.specs

    let query: HackerNewsQuery
    let baseURL: URL

    public init(entry: SourceEntry) throws {
        let options = HackerNewsOptions(entry)
        query = HackerNewsQuery(
            text: options.query,
            tags: options.tags,
            numericFilters: options.numericFilters.map { $0.filter { !$0.isWhitespace } },
            endpoint: options.sort == .date ? "search_by_date" : "search",
            limit: options.limit
        )
        if let problem = query.problem() { throw entry.invalid(problem.key, problem.message) }
        baseURL = options.baseURL
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
