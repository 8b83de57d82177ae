/// feeds.json's top-level keys besides `sources`: each one's JSON type, default and meaning, written once.
/// `ConfigLoader` validates against them, and the table in `docs/configuration.md` is
/// generated from them (`OptionTableTests`).
extension FeedsConfig {
    public static let keys: [OptionSpec] = [
        OptionSpec("title", .string, "the digest's title", default: defaultTitle),
        OptionSpec(
            "limit", .integer(0...1_000_000), "how many items the digest keeps; 0 keeps all",
            default: String(defaultLimit)),
        OptionSpec(
            "sort", .choice(DigestSort.allCases.map(\.rawValue)),
            "newest; score (each item's percentile rank within its own source, raw score shown); or source "
                + "(feeds.json order, newest first within each)",
            default: defaultSort.rawValue),
        OptionSpec(
            "include", .stringList(maxCount: nil),
            "keywords; when not empty an item must contain one (title, summary, author or tags, case-insensitive): "
                + "a keep rule of its own",
            default: "[]"),
        OptionSpec(
            "exclude", .stringList(maxCount: nil), "keywords that drop an item: a drop rule tried before the rules",
            default: "[]"),
        OptionSpec(
            "rules", .rules, "rules that drop, keep, star, tag or mark items, tried after each entry's own",
            default: "[]"),
        OptionSpec(
            "hooks", .hooks, "commands and webhooks given each run's new items, once each",
            default: "[]"),
        OptionSpec(
            "mail", .mail, "where `digest --mail` sends the digest: to, from, smtp, user, password (docs/mail.md)",
            default: "none"),
        OptionSpec(
            "maxConnections", .integer(1...1024), "requests in flight at once, over all hosts",
            default: String(defaultMaxConnections)),
        OptionSpec(
            "maxConnectionsPerHost", .integer(1...1024), "requests in flight at once to one host",
            default: String(defaultMaxConnectionsPerHost)),
        OptionSpec(
            "timeout", .duration,
            "the per-request deadline of entries that set none, from 1 ms to 24 h; --timeout overrides it",
            default: ClockTime.seconds(defaultTimeout)),
        OptionSpec(
            "maxResponseMB", .integer(1...2048), "the largest body accepted, decompressed, in MB",
            default: String(defaultMaxResponseSize / 1024 / 1024)),
        OptionSpec(
            "allowPrivateRedirects", .boolean,
            "let a public server redirect to loopback, link-local or private addresses (see Security)",
            default: "false"),
        OptionSpec(
            "retention", .string,
            "how long the state store remembers an item no run has shown since: a span such as \"90d\", "
                + "\"12h\", \"2w\"",
            default: "\(Int(defaultRetention.seconds / 86_400))d"),
        OptionSpec(
            "retentionUnread", .string,
            "how long the archive keeps an unread item no run has shown since (starred ones: forever); a span",
            default: "\(Int(defaultRetentionUnread.seconds / 86_400))d"),
        OptionSpec(
            "archiveLimit", .integer(0...10_000_000),
            "how many archived items of one source are kept besides those it shows now, oldest read ones "
                + "forgotten first; 0 keeps all",
            default: String(defaultArchiveLimit)),
    ]
}
