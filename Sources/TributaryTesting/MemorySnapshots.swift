import Foundation
import Tributary

/// Snapshots kept in memory, encoded as the state store encodes them: the test double
/// of a run's `SnapshotKeeper`.
public final class MemorySnapshots: SnapshotKeeper, @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [String: Data] = [:]

    public init() {}

    public func save(_ items: [FeedItem], for sourceID: String, at savedAt: Date) {
        let data = SnapshotCoding.encode(items, savedAt: savedAt)
        lock.withLock { kept[sourceID] = data }
    }

    public func load(for sourceID: String) -> (savedAt: Date, items: [FeedItem])? {
        lock.withLock { kept[sourceID] }.flatMap(SnapshotCoding.decode)
    }
}
