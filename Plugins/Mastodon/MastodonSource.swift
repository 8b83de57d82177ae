import Foundation
import Tributary

/// Public Mastodon timelines: a hashtag, an account's statuses, or an instance's public
/// or local timeline. Needs no token; an optional one reads timelines kept behind login.
public struct MastodonSource: FeedSource {
    public static let type = "mastodon"
    public static let summary =
        "Mastodon hashtag, account or public timelines (REST API; no token needed, optional access token)"
    public static let options = MastodonOptions.specs

    let query: MastodonQuery
    let instance: URL
    let token: Secret?
    let showSensitive: Bool

    public init(entry: SourceEntry) throws {
        let options = MastodonOptions(entry)
        query = MastodonQuery(
            mode: options.mode, hashtag: Self.withoutPrefix("#", options.hashtag),
            any: options.any, all: options.all, none: options.none,
            account: Self.withoutPrefix("@", options.account),
            localOnly: options.local, remoteOnly: options.remote, onlyMedia: options.onlyMedia, limit: options.limit
        )
        if let problem = query.problem() { throw entry.invalid(problem.key, problem.message) }
        guard let instance = options.baseURL ?? Self.instanceURL(options.instance) else {
            throw entry.invalid("instance", "not a server name such as \"mastodon.social\" or an https URL")
        }
        self.instance = instance
        token = options.accessToken
        showSensitive = options.showSensitive
    }

    public func signal(in context: SourceContext) -> Signal<SourceUpdate> {
        let timeline = MastodonTimeline(
            query: query, instance: instance, token: token, showSensitive: showSensitive, http: context.http)
        return Signal.once { try await timeline.run() }
    }

    /// `https://<name>` for a bare server name, or the URL given (http or https).
    static func instanceURL(_ text: String) -> URL? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let full = trimmed.contains("://") ? trimmed : "https://" + trimmed
        guard WebAddress.isWeb(full), let url = URL(string: full), let host = url.host, !host.isEmpty,
            url.path.isEmpty || url.path == "/", url.query == nil
        else { return nil }
        return url
    }

    static func withoutPrefix(_ prefix: String, _ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        return trimmed.hasPrefix(prefix) ? String(trimmed.dropFirst()) : trimmed
    }
}
