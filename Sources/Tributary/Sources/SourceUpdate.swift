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

    public init(items: [FeedItem], notes: [String] = [], diagnostics: [String] = [], holdRequestsUntil: Date? = nil) {
        self.items = items
        self.notes = notes
        self.diagnostics = diagnostics
        self.holdRequestsUntil = holdRequestsUntil
    }
}
