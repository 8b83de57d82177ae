import Foundation

/// Keeps each source's last good items, so a source that fails can still show what it
/// had, marked stale (stale-if-error). The state store keeps them; tests keep them in memory.
public protocol SnapshotKeeper: Sendable {
    /// Keeps `items` as the source's last good snapshot, taken at `savedAt`.
    func save(_ items: [FeedItem], for sourceID: String, at savedAt: Date)
    /// The source's last good snapshot, if one was kept.
    func load(for sourceID: String) -> (savedAt: Date, items: [FeedItem])?
    /// The cursor the source's last committed run left; nil when none was kept.
    func cursor(for sourceID: String) -> String?
    /// Returns once every snapshot saved by now is kept: what a long run does before it
    /// exits, for a keeper that writes them in the background.
    func finishQueuedWrites()
}

extension SnapshotKeeper {
    public func cursor(for sourceID: String) -> String? { nil }
    public func finishQueuedWrites() {}
}
