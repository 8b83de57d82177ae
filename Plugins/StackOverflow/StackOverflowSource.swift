import Foundation
import Tributary

/// Stack Overflow (or any Stack Exchange site) questions by tag, through the
/// Stack Exchange API 2.3. Follows `page` while `has_more` is true, up to the entry's
/// `limit`, never past `maxPages` requests, `backoff`, or a low quota.
public struct StackOverflowSource: PagedSource {
    public static let type = "stackoverflow"
    public static let summary = "Stack Overflow questions by tag (Stack Exchange API 2.3; keyless or with an app key)"
    public static let options = StackOverflowOptions.specs

    let query: StackOverflowQuery
    let baseURL: URL
    let key: Secret?
    public let wantedItems: Int
    public let pageBudget: Int

    public init(entry: SourceEntry) throws {
        let options = StackOverflowOptions(entry)
        query = StackOverflowQuery(options)
        if let problem = query.problem() { throw entry.invalid(problem.key, problem.message) }
        baseURL = options.baseURL
        key = options.key
        wantedItems = options.limit
        pageBudget = options.maxPages
    }

    public func request() throws -> HTTPRequest {
        try request(after: nil)
    }

    /// With a cursor (the newest creation or activity date seen), only what came after it.
    public func request(after cursor: String?) throws -> HTTPRequest {
        try request(after: cursor, page: 1)
    }

    /// Page `page` (1-based; the first carries no `page` parameter) after `cursor`.
    func request(after cursor: String?, page: Int) throws -> HTTPRequest {
        let since = zip([query.incrementalParameter].compactMap { $0 }, [cursor].compactMap { $0 }).map { ($0, $1) }
        let paging = page > 1 ? [("page", String(page))] : []
        let parameters = query.parameters + since + paging
        var request = HTTPRequest(base: baseURL, path: "2.3/\(query.method)", query: parameters)
        request.rateLimitKey = "stackexchange:\(baseURL.absoluteString)/2.3/\(query.method)"
        if let key { request.secretHeaders["Authorization"] = Secret("Bearer \(key.value)") }
        return request
    }

    public func update(from response: HTTPResponse) throws -> SourceUpdate {
        let wrapper = try StackOverflowResponse.decode(response)
        try StackOverflowResponse.checkError(wrapper, response)
        var update = SourceUpdate(items: (wrapper.items ?? []).map(StackOverflowMapping.item))
        StackOverflowResponse.annotate(&update, with: wrapper, receivedAt: response.receivedAt)
        if let parameter = query.incrementalParameter {
            update.isIncremental = response.request.url.query?.contains("\(parameter)=") == true
            // Inclusive: the overlap with the last run is merged away.
            update.cursor = (wrapper.items ?? []).compactMap(query.cursorDate).max().map(String.init)
        }
        return update
    }
}
