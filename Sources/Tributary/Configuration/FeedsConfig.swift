import Foundation

/// How the digest orders its items.
public enum DigestSort: String, Sendable, CaseIterable {
    /// Newest first; items without a date last.
    case newest
    /// Highest score first.
    case score
    /// Grouped by source in feeds.json order, newest first within each.
    case source
}

/// The whole of feeds.json, validated.
public struct FeedsConfig: Sendable {
    public var title: String
    /// The digest's size; nil means no limit (`"limit": 0`).
    public var limit: Int?
    public var sort: DigestSort
    /// Keywords an item must match one of (title, summary, author, tags; case-insensitive).
    public var include: [String]
    /// Keywords that drop an item when matched.
    public var exclude: [String]
    /// The most requests in flight at once, over all hosts.
    public var maxConnections: Int
    /// The most requests in flight at once to one host.
    public var maxConnectionsPerHost: Int
    /// The per-request deadline for sources that set none (`--timeout` replaces it); it
    /// reaches requests as the run's `HTTPClient.timeout`, which the pipeline reads.
    public var timeout: Duration
    /// The largest response body accepted, in bytes, after decompression.
    public var maxResponseSize: Int
    /// Whether a public server may redirect to loopback, link-local or private addresses.
    public var allowPrivateRedirects: Bool
    /// How long the state store remembers an item no run has shown since.
    public var retention: Duration
    /// How long the archive keeps an unread item no run has shown since (read ones: `retention`).
    public var retentionUnread = FeedsConfig.defaultRetentionUnread
    /// How many archived items of one source are kept besides those it shows now; nil: no cap.
    public var archiveLimit: Int? = FeedsConfig.defaultArchiveLimit
    public var sources: [SourceEntry]
    /// The top-level `rules`, tried after each entry's own (see `RuleBook`).
    public var rules: [Rule] = []
    /// The `hooks` told of each run's new items (see docs/hooks.md).
    public var hooks: [Hook] = []
    /// The `mail` section: where `digest --mail` sends the digest (see docs/mail.md); nil when absent.
    public var mail: MailSettings?

    public static let defaultTitle = "Tributary digest"
    public static let defaultLimit = 100
    public static let defaultSort = DigestSort.newest
    public static let defaultTimeout = Duration.seconds(30)
    public static let defaultMaxResponseSize = 10 * 1024 * 1024
    public static let defaultMaxConnections = 32
    public static let defaultMaxConnectionsPerHost = 4
    public static let defaultRetention = Duration.seconds(90 * 86_400)
    public static let defaultRetentionUnread = Duration.seconds(365 * 86_400)
    public static let defaultArchiveLimit = 5_000

    public init(
        title: String = FeedsConfig.defaultTitle, limit: Int? = FeedsConfig.defaultLimit,
        sort: DigestSort = FeedsConfig.defaultSort,
        include: [String] = [], exclude: [String] = [], maxConnections: Int = FeedsConfig.defaultMaxConnections,
        maxConnectionsPerHost: Int = FeedsConfig.defaultMaxConnectionsPerHost,
        timeout: Duration = FeedsConfig.defaultTimeout, maxResponseSize: Int = FeedsConfig.defaultMaxResponseSize,
        allowPrivateRedirects: Bool = false, retention: Duration = FeedsConfig.defaultRetention,
        sources: [SourceEntry] = []
    ) {
        self.title = title
        self.limit = limit
        self.sort = sort
        self.include = include
        self.exclude = exclude
        self.maxConnections = maxConnections
        self.maxConnectionsPerHost = maxConnectionsPerHost
        self.timeout = timeout
        self.maxResponseSize = maxResponseSize
        self.allowPrivateRedirects = allowPrivateRedirects
        self.retention = retention
        self.sources = sources
    }
}
