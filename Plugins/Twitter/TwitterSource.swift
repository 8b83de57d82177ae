import Foundation
import Tributary

/// Recent posts on X (Twitter) matching a search query, through API v2 recent search
/// (or the v1.1 search endpoint, for servers that still speak it). Needs a bearer
/// token from a paid X developer app.
public struct TwitterSource: SingleRequestSource {
    public static let type = "twitter"
    public static let summary = "X (Twitter) recent search (API v2; needs a bearer token from a paid X developer app)"
    public static let defaultBaseURL = "https://api.x.com"
    public static let queryLength = 3...512
    public static let options = [
        OptionSpec(
            "query", .string, "search query, 3–512 characters; X operators allowed (lang:en -is:retweet has:links)",
            required: true),
        OptionSpec(
            "limit", .integer(10...100), "posts to fetch (max_results / count); each post read costs credits",
            default: "10"),
        OptionSpec(
            "bearerToken", .secret(variable: "TWITTER_BEARER_TOKEN"),
            "app-only bearer token, sent as Authorization: Bearer; missing: the source is skipped"),
        OptionSpec(
            "api", .choice(["v2", "v1.1"]),
            "v2: /2/tweets/search/recent; v1.1: /1.1/search/tweets.json (closed on X itself, for compatible servers)",
            default: "v2"),
    ]

    enum API: String, Sendable {
        case v2
        case v1 = "v1.1"
    }

    let query: String
    let limit: Int
    let api: API
    let baseURL: URL
    let token: Secret

    public init(entry: SourceEntry) throws {
        query = entry.string("query") ?? ""
        let length = query.trimmingCharacters(in: .whitespacesAndNewlines).count
        guard Self.queryLength.contains(length) else {
            throw entry.invalid(
                "query",
                "\(length) characters; X searches need \(Self.queryLength.lowerBound) to \(Self.queryLength.upperBound) characters"
            )
        }
        limit = entry.int("limit") ?? 10
        api = API(rawValue: entry.string("api") ?? "v2") ?? .v2
        baseURL = entry.baseURL(default: Self.defaultBaseURL)
        token = try entry.requiredSecret(
            "bearerToken", hint: "X search needs a bearer token from a paid X developer app")
    }

    public func request() throws -> HTTPRequest {
        try request(after: nil)
    }

    /// With a cursor (the newest post id of the last run), only newer posts: `since_id`,
    /// as X's polling guide says, so no post is read, and paid for, twice.
    public func request(after cursor: String?) throws -> HTTPRequest {
        let since = cursor.map { [("since_id", $0)] } ?? []
        var request =
            switch api {
            case .v2:
                HTTPRequest(
                    base: baseURL, path: "2/tweets/search/recent",
                    query: [
                        ("query", query), ("max_results", String(limit)),
                        ("tweet.fields", "created_at,public_metrics,author_id,lang,entities"),
                        ("expansions", "author_id"),
                        ("user.fields", "username,name,profile_image_url"),
                    ] + since)
            case .v1:
                HTTPRequest(
                    base: baseURL, path: "1.1/search/tweets.json",
                    query: [("q", query), ("count", String(limit))] + since)
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
        if let token = body.meta?.next_token, !token.isEmpty {
            update.diagnostics.append("more posts available upstream (next_token)")
        }
        return update
    }
}
