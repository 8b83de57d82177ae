import Foundation
import Tributary

/// Stack Overflow (or any Stack Exchange site) questions by tag, through the
/// Stack Exchange API 2.3.
public struct StackOverflowSource: SingleRequestSource {
    public static let type = "stackoverflow"
    public static let summary = "Stack Overflow questions by tag (Stack Exchange API 2.3; keyless or with an app key)"
    public static let defaultBaseURL = "https://api.stackexchange.com"
    public static let options = [
        OptionSpec(
            "tags", .stringList(maxCount: nil),
            "tags to follow; empty: the site's top questions (at most 5 with match all)", default: "[]"),
        OptionSpec(
            "match", .choice(["all", "any"]),
            "all: questions with every tag (/questions); any: with at least one (/search)", default: "all"),
        OptionSpec("sort", .choice(StackOverflowQuery.sorts), "upstream sort order", default: "activity"),
        OptionSpec("unanswered", .boolean, "only questions with no answers (/questions/no-answers)", default: "false"),
        OptionSpec("site", .string, "the Stack Exchange site", default: "stackoverflow"),
        OptionSpec("limit", .integer(1...100), "questions to fetch (pagesize)", default: "30"),
        OptionSpec(
            "key", .secret(variable: "STACKEXCHANGE_KEY"),
            "app key, sent as Authorization: Bearer; raises the daily quota from 300 to 10,000"),
    ]

    let query: StackOverflowQuery
    let baseURL: URL
    let key: Secret?

    public init(entry: SourceEntry) throws {
        query = StackOverflowQuery(
            tags: entry.strings("tags") ?? [],
            match: StackOverflowQuery.Match(rawValue: entry.string("match") ?? "all") ?? .all,
            sort: entry.string("sort") ?? "activity",
            unanswered: entry.bool("unanswered") ?? false,
            site: entry.string("site") ?? "stackoverflow",
            pageSize: entry.int("limit") ?? 30
        )
        if let problem = query.problem() { throw entry.invalid(problem.key, problem.message) }
        baseURL = entry.baseURL(default: Self.defaultBaseURL)
        key = entry.optionalSecret("key")
    }

    public func request() throws -> HTTPRequest {
        try request(after: nil)
    }

    /// With a cursor (the newest creation or activity date seen), only what came after it.
    public func request(after cursor: String?) throws -> HTTPRequest {
        let since = zip([query.incrementalParameter].compactMap { $0 }, [cursor].compactMap { $0 }).map { ($0, $1) }
        var request = HTTPRequest(base: baseURL, path: "2.3/\(query.method)", query: query.parameters + since)
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
            update.cursor = (wrapper.items ?? []).compactMap(query.cursorDate).max().map(String.init)  // inclusive: overlap is merged away
        }
        return update
    }
}
