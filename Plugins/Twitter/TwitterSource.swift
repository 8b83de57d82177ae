import Foundation
import Tributary

/// Recent posts on X (Twitter) matching a search query, through API v2 recent search
/// (or the v1.1 search endpoint, for servers that still speak it). Needs a bearer
/// token from a paid X developer app. v2 follows `next_token` pages up to the entry's
/// `limit`, never past `maxPages` requests.
public struct TwitterSource: PagedSource {
    public static let type = "twitter"
    public static let summary = "X (Twitter) recent search (API v2; needs a bearer token from a paid X developer app)"
    public static let queryLength = 3...512
    public static let options = TwitterOptions.specs

    enum API: String, Sendable, CaseIterable {
        case v2
        case v1 = "v1.1"
    }

    let query: String
    let limit: Int
    let maxPages: Int
    let api: API
    let baseURL: URL
    let token: Secret

    public init(entry: SourceEntry) throws {
        let options = TwitterOptions(entry)
        query = options.query
        let length = query.trimmingCharacters(in: .whitespacesAndNewlines).count
        guard Self.queryLength.contains(length) else {
            throw entry.invalid(
                "query",
                "\(length) characters; X searches need \(Self.queryLength.lowerBound) to "
                    + "\(Self.queryLength.upperBound) characters"
            )
        }
        limit = options.limit
        maxPages = options.maxPages
        api = options.api
        baseURL = options.baseURL
        token = try entry.requiredSecret(
            "bearerToken", options.bearerToken, hint: "X search needs a bearer token from a paid X developer app")
    }

    public var wantedItems: Int { limit }
    public var pageBudget: Int { api == .v2 ? maxPages : 1 }

    public func request() throws -> HTTPRequest {
        try request(after: nil)
    }

    /// With a cursor (the newest post id of the last run), only newer posts: `since_id`,
    /// as X's polling guide says, so no post is read, and paid for, twice.
    public func request(after cursor: String?) throws -> HTTPRequest {
        try request(after: cursor, page: nil)
    }

    /// The request for one page: the first (`page` nil) or the one `next_token` names.
    func request(after cursor: String?, page: String?) throws -> HTTPRequest {
        let since = (cursor.map { [("since_id", $0)] } ?? []) + (page.map { [("next_token", $0)] } ?? [])
        var request =
            switch api {
            case .v2:
                HTTPRequest(
                    base: baseURL, path: "2/tweets/search/recent",
                    query: [
                        ("query", query), ("max_results", String(Self.pageSize(for: limit))),
                        ("tweet.fields", "created_at,public_metrics,author_id,lang,entities"),
                        ("expansions", "author_id"),
                        ("user.fields", "username,name,profile_image_url"),
                    ] + since)
            case .v1:
                HTTPRequest(
                    base: baseURL, path: "1.1/search/tweets.json",
                    query: [("q", query), ("count", String(min(limit, 100)))] + since)
            }
        request.rateLimitKey = "x:\(baseURL.host ?? ""):search:\(api.rawValue)"
        request.secretHeaders["Authorization"] = Secret("Bearer \(token.value)")
        return request
    }

    public func update(from response: HTTPResponse) throws -> SourceUpdate {
        try TwitterResponse.checkStatus(response)
        var update =
            switch api {
            case .v2: Self.v2Update(try TwitterResponse.decode(TwitterAPI.SearchResponse.self, response))
            case .v1:
                SourceUpdate(
                    items: TwitterMapping.items(try TwitterResponse.decode(TwitterAPI.V1SearchResponse.self, response)))
            }
        TwitterResponse.annotate(&update, with: response)
        update.isIncremental = response.request.url.query?.contains("since_id=") == true
        update.cursor = update.items.compactMap { UInt64($0.id) }.max().map(String.init)
        return update
    }

    static func v2Update(_ body: TwitterAPI.SearchResponse) -> SourceUpdate {
        var update = SourceUpdate(items: TwitterMapping.items(body))
        let partial = TwitterProblem.phrases(TwitterAPI.ErrorBody(errors: body.errors))
        if !partial.isEmpty { update.diagnostics.append("partial errors from X: " + partial.joined(separator: "; ")) }
        return update
    }
}
