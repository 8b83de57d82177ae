import Foundation
import Tributary

/// Snapshots kept in memory, encoded as the state store encodes them: the test double
/// of a run's `SnapshotKeeper`.
public final class MemorySnapshots: SnapshotKeeper, @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [String: (savedAt: Date, items: Data)] = [:]

    public init() {}

    public func save(_ items: [FeedItem], for sourceID: String, at savedAt: Date) {
        let data = SnapshotCoding.encode(items[...])
        lock.withLock { kept[sourceID] = (savedAt, data) }
    }

    public func load(for sourceID: String) -> (savedAt: Date, items: [FeedItem])? {
        guard let snapshot = lock.withLock({ kept[sourceID] }) else { return nil }
        return SnapshotCoding.decode(snapshot.items).map { (snapshot.savedAt, $0) }
    }
}
