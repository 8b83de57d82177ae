import Foundation
import Tributary

/// Bluesky posts: an actor's feed (`app.bsky.feed.getAuthorFeed`, open to visitors) or a
/// search (`app.bsky.feed.searchPosts`, which the public AppView refuses to visitors).
/// With `identifier` and `appPassword` it logs in (`com.atproto.server.createSession`)
/// and makes its calls through the auth server with the session's token.
public struct BlueskySource: FeedSource {
    public static let type = "bluesky"
    public static let summary = "Bluesky author feed (public AppView, no login) or search (app-password login)"
    public static let defaultBaseURL = "https://public.api.bsky.app"
    public static let defaultAuthServer = "https://bsky.social"
    public static let options = [
        OptionSpec(
            "mode", .choice(["author", "search"]),
            "author: an actor's posts and reposts; search: posts matching a query", default: "author"),
        OptionSpec("actor", .string, "author mode: a handle (\"bsky.app\") or a DID"),
        OptionSpec("query", .string, "search mode: the search"),
        OptionSpec(
            "filter",
            .choice(["posts_with_replies", "posts_no_replies", "posts_with_media", "posts_and_author_threads"]),
            "author mode: which posts", default: "posts_no_replies"),
        OptionSpec("limit", .integer(1...100), "posts to fetch", default: "30"),
        OptionSpec("identifier", .string, "login: the account's handle or email (search needs login)"),
        OptionSpec("appPassword", .secret(variable: "BLUESKY_APP_PASSWORD"), "login: an app password"),
        OptionSpec("authServer", .url, "login: where to log in, then send every call", default: defaultAuthServer),
    ]

    let mode: String
    let parameter: String
    let filter: String
    let limit: Int
    let baseURL: URL
    /// Set when the entry logs in; shared by the run's refreshes and retries of the entry.
    let session: BlueskySession?

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
        session = try Self.login(entry).map(BlueskySession.init)
    }

    public func signal(in context: SourceContext) -> Signal<SourceUpdate> {
        let fetch = BlueskyFetch(source: self, http: context.http)
        return Signal.once { try await fetch.run() }
    }

    /// The feed or search call on `server`.
    func request(at server: URL) -> HTTPRequest {
        var request =
            mode == "author"
            ? HTTPRequest(
                base: server, path: "xrpc/app.bsky.feed.getAuthorFeed",
                query: [
                    ("actor", parameter.hasPrefix("@") ? String(parameter.dropFirst()) : parameter),
                    ("filter", filter), ("limit", String(limit)),
                ])
            : HTTPRequest(
                base: server, path: "xrpc/app.bsky.feed.searchPosts",
                query: [
                    ("q", parameter), ("limit", String(limit)),
                ])
        request.rateLimitKey = "bluesky:\(server.absoluteString)"
        return request
    }

    func update(from response: HTTPResponse, loggedIn: Bool) throws -> SourceUpdate {
        if mode == "author" {
            let feed = try BlueskyResponse.decode(BlueskyAPI.AuthorFeed.self, response, loggedIn: loggedIn)
            return SourceUpdate(items: BlueskyMapping.items(feed))
        }
        let result = try BlueskyResponse.decode(BlueskyAPI.SearchResult.self, response, loggedIn: loggedIn)
        return SourceUpdate(items: BlueskyMapping.items(result))
    }
}
