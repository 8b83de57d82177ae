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

    /// The snapshot waiting for a source, if any (what a load must see before the store's).
    func waiting(for sourceID: String) -> Snapshot? {
        lock.withLock { waiting[sourceID] }
    }

    /// Every waiting snapshot, taken off the queue; a later `add` schedules a new write.
    func takeAll() -> [String: Snapshot] {
        lock.withLock {
            defer {
                waiting = [:]
                writeScheduled = false
            }
            return waiting
        }
    }
}
