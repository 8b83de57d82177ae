import Foundation

/// A snapshot of one source: its current items and what it has to say about them.
public struct SourceUpdate: Sendable {
    public var items: [FeedItem]
    /// Short facts for the source's status line, e.g. `"4,120 results"`, `"quota 25/300"`.
    public var notes: [String]
    /// Details for `--verbose` only, e.g. remaining rate-limit quota.
    public var diagnostics: [String]
    /// Upstream asked that the same request (its rate-limit key) not be made again
    /// before this time (Stack Exchange `backoff`); the host holds such requests.
    public var holdRequestsUntil: Date?
    /// Where the next run may start from (X's newest id, the newest upload date, …); the
    /// host keeps it once this run's items are committed. Nil: nothing to keep.
    public var cursor: String?
    /// True when `items` are only what is newer than `SourceContext.cursor`: the host adds
    /// the source's last snapshot behind them, so the digest still shows its latest items.
    public var isIncremental: Bool

    public init(
        items: [FeedItem], notes: [String] = [], diagnostics: [String] = [], holdRequestsUntil: Date? = nil,
        cursor: String? = nil, isIncremental: Bool = false
    ) {
        self.items = items
        self.notes = notes
        self.diagnostics = diagnostics
        self.holdRequestsUntil = holdRequestsUntil
        self.cursor = cursor
        self.isIncremental = isIncremental
    }
}
