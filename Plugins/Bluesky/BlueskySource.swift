import Foundation
import Tributary

/// Bluesky posts: an actor's feed (`app.bsky.feed.getAuthorFeed`, open to visitors) or a
/// search (`app.bsky.feed.searchPosts`, which the public AppView refuses to visitors).
/// With `identifier` and `appPassword` it logs in (`com.atproto.server.createSession`)
/// and makes its calls through the auth server with the session's token.
public struct BlueskySource: FeedSource {
    public static let type = "bluesky"
    public static let summary = "Bluesky author feed (public AppView, no login) or search (app-password login)"
    public static let options = BlueskyOptions.specs

    let mode: String
    let parameter: String
    let filter: String
    let limit: Int
    let baseURL: URL
    /// Set when the entry logs in; shared by the run's refreshes and retries of the entry.
    let session: BlueskySession?

    public init(entry: SourceEntry) throws {
        let options = BlueskyOptions(entry)
        mode = options.mode.rawValue
        let key = mode == "author" ? "actor" : "query"
        parameter = TextCleanup.trimmed(mode == "author" ? options.actor : options.query)
        guard !parameter.isEmpty else { throw entry.invalid(key, "required in \(mode) mode") }
        if mode == "author", parameter.contains(where: { $0.isWhitespace || $0 == "/" }) {
            throw entry.invalid("actor", "\"\(parameter)\" is not a handle (\"bsky.app\") or a DID")
        }
        filter = options.filter.rawValue
        limit = options.limit
        baseURL = options.baseURL
        session = try Self.login(options, entry: entry).map(BlueskySession.init)
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
