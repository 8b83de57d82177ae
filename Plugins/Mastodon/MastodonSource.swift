import Foundation
import Tributary

/// Public Mastodon timelines: a hashtag, an account's statuses, or an instance's public
/// or local timeline. Needs no token; an optional one reads timelines kept behind login.
public struct MastodonSource: FeedSource {
    public static let type = "mastodon"
    public static let summary =
        "Mastodon hashtag, account or public timelines (REST API; no token needed, optional access token)"
    public static let options = [
        OptionSpec("instance", .string, "the server to ask, e.g. \"mastodon.social\" (no default)", required: true),
        OptionSpec(
            "mode", .choice(MastodonQuery.Mode.allCases.map(\.rawValue)), "hashtag, account, public or local timeline",
            default: "hashtag"),
        OptionSpec("hashtag", .string, "hashtag mode: the tag, with or without #"),
        OptionSpec(
            "any", .stringList(maxCount: 4), "hashtag mode: statuses with this tag or any of these", default: "[]"),
        OptionSpec(
            "all", .stringList(maxCount: 4), "hashtag mode: statuses that also carry all of these", default: "[]"),
        OptionSpec(
            "none", .stringList(maxCount: 4), "hashtag mode: leave out statuses carrying any of these", default: "[]"),
        OptionSpec("account", .string, "account mode: \"user\" or \"user@other.example\""),
        OptionSpec("local", .boolean, "only statuses from accounts of the instance", default: "false"),
        OptionSpec("remote", .boolean, "only statuses from other instances", default: "false"),
        OptionSpec("onlyMedia", .boolean, "only statuses with media attached", default: "false"),
        OptionSpec(
            "showSensitive", .boolean, "show sensitive statuses and those behind a content warning in full",
            default: "false"),
        OptionSpec(
            "limit", .integer(1...200), "statuses to fetch; pages of up to 40 follow the Link header", default: "40"),
        OptionSpec(
            "accessToken", .secret(variable: "MASTODON_TOKEN"),
            "optional token (read:statuses) for timelines the instance keeps behind login"),
    ]

    let query: MastodonQuery
    let instance: URL
    let token: Secret?
    let showSensitive: Bool

    public init(entry: SourceEntry) throws {
        query = MastodonQuery(
            mode: MastodonQuery.Mode(rawValue: entry.string("mode") ?? "hashtag") ?? .hashtag,
            hashtag: Self.withoutPrefix("#", entry.string("hashtag") ?? ""),
            any: entry.strings("any") ?? [], all: entry.strings("all") ?? [], none: entry.strings("none") ?? [],
            account: Self.withoutPrefix("@", entry.string("account") ?? ""),
            localOnly: entry.bool("local") ?? false, remoteOnly: entry.bool("remote") ?? false,
            onlyMedia: entry.bool("onlyMedia") ?? false, limit: entry.int("limit") ?? 40
        )
        if let problem = query.problem() { throw entry.invalid(problem.key, problem.message) }
        guard let instance = entry.baseURL ?? Self.instanceURL(entry.string("instance") ?? "") else {
            throw entry.invalid("instance", "not a server name such as \"mastodon.social\" or an https URL")
        }
        self.instance = instance
        token = entry.optionalSecret("accessToken")
        showSensitive = entry.bool("showSensitive") ?? false
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
