import Foundation
import Tributary

/// Bluesky posts: an actor's feed (`app.bsky.feed.getAuthorFeed`, open to visitors) or a
/// search (`app.bsky.feed.searchPosts`, which the public AppView refuses to visitors).
public struct BlueskySource: SingleRequestSource {
    public static let type = "bluesky"
    public static let summary = "Bluesky author feed (public AppView, no login); search needs login, not supported yet"
    public static let defaultBaseURL = "https://public.api.bsky.app"
    public static let options = [
        OptionSpec("mode", .choice(["author", "search"]), "author: an actor's posts and reposts; search: posts matching a query", default: "author"),
        OptionSpec("actor", .string, "author mode: a handle (\"bsky.app\") or a DID"),
        OptionSpec("query", .string, "search mode: the search"),
        OptionSpec("filter", .choice(["posts_with_replies", "posts_no_replies", "posts_with_media", "posts_and_author_threads"]),
                   "author mode: which posts", default: "posts_no_replies"),
        OptionSpec("limit", .integer(1...100), "posts to fetch", default: "30"),
    ]

    let mode: String
    let parameter: String
    let filter: String
    let limit: Int
    let baseURL: URL

    public init(entry: SourceEntry) throws {
        mode = entry.string("mode") ?? "author"
        let key = mode == "author" ? "actor" : "query"
        parameter = TextCleanup.trimmed(entry.string(key) ?? "")
        guard !parameter.isEmpty else { throw entry.invalid(key, "required in \(mode) mode") }
        if mode == "author", parameter.contains(where: { $0.isWhitespace || $0 == "/" }) {
            throw entry.invalid("actor", "\"\(parameter)\" is not a handle (\"bsky.app\") or a DID")
        }
        filter = entry.string("filter") ?? "posts_no_replies"
        limit = entry.int("limit") ?? 30
        baseURL = entry.baseURL(default: Self.defaultBaseURL)
    }

    public func request() throws -> HTTPRequest {
        var request = mode == "author"
            ? HTTPRequest(base: baseURL, path: "xrpc/app.bsky.feed.getAuthorFeed", query: [
                ("actor", parameter.hasPrefix("@") ? String(parameter.dropFirst()) : parameter),
                ("filter", filter), ("limit", String(limit)),
            ])
            : HTTPRequest(base: baseURL, path: "xrpc/app.bsky.feed.searchPosts", query: [("q", parameter), ("limit", String(limit))])
        request.rateLimitKey = "bluesky:\(baseURL.absoluteString)"
        return request
    }

    public func update(from response: HTTPResponse) throws -> SourceUpdate {
        mode == "author"
            ? SourceUpdate(items: BlueskyMapping.items(try BlueskyResponse.decode(BlueskyAPI.AuthorFeed.self, response)))
            : SourceUpdate(items: BlueskyMapping.items(try BlueskyResponse.decode(BlueskyAPI.SearchResult.self, response)))
    }
}
