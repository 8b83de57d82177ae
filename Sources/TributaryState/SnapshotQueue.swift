import Foundation
import Tributary

/// Snapshots saved and not yet written. `StateStore.save` queues one and returns at once;
/// the store's writer then writes every snapshot queued by then in one transaction. Sources
/// finish on Swift concurrency's threads, which a SQLite write would block, and 500 sources
/// finishing close together were 500 transactions.
final class SnapshotQueue: @unchecked Sendable {
    struct Snapshot {
        var savedAt: Date
        var items: [FeedItem]
    }

    private let lock = NSLock()
    private var waiting: [String: Snapshot] = [:]
    /// Taken by the write under way and not yet committed: still what a load must see.
    private var writing: [String: Snapshot] = [:]
    private var writeScheduled = false

    /// Queues a source's snapshot (replacing one still waiting); true when no write is
    /// scheduled yet, and the caller must schedule one.
    func add(_ snapshot: Snapshot, for sourceID: String) -> Bool {
        lock.withLock {
            waiting[sourceID] = snapshot
            defer { writeScheduled = true }
            return !writeScheduled
        }
    }

    /// The latest snapshot saved for a source and not yet committed, if any: what a load
    /// must see before the store's.
    func unwritten(for sourceID: String) -> Snapshot? {
        lock.withLock { waiting[sourceID] ?? writing[sourceID] }
    }

    /// Every waiting snapshot, taken off the queue for a write; a later `add` schedules a
    /// new write. They stay visible to `unwritten` until `writeEnded`.
    func takeAll() -> [String: Snapshot] {
        lock.withLock {
            defer {
                writing = waiting
                waiting = [:]
                writeScheduled = false
            }
            return waiting
        }
    }

    /// The write of what `takeAll` returned has committed (or failed: a snapshot that
    /// cannot be kept only costs stale-if-error later).
    func writeEnded() {
        lock.withLock { writing = [:] }
    }
}
