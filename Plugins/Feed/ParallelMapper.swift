import Dispatch
import Tributary

/// Maps raw entries to items on a second thread while the parser reads on, in
/// batches, so a large feed uses both cores. At most two batches wait at once,
/// so memory stays bounded; items come out in document order.
final class ParallelMapper: @unchecked Sendable {
    static let batchSize = 1024

    private let queue = DispatchQueue(label: "tributary.feed.mapping")
    private let slots = DispatchSemaphore(value: 2)
    private let map: @Sendable (RawEntry) -> FeedItem
    @exclusivity(unchecked) private var batch: [RawEntry] = []
    /// Written only on `queue`; read after `finish()`.
    private var items: [FeedItem] = []

    init(map: @escaping @Sendable (RawEntry) -> FeedItem) {
        self.map = map
        batch.reserveCapacity(Self.batchSize)
    }

    /// Queues one entry (called from the parser's thread).
    func add(_ entry: RawEntry) {
        batch.append(entry)
        if batch.count == Self.batchSize { submit() }
    }

    /// Maps what is left on the calling thread (a small feed never leaves it) and
    /// returns every item, in order.
    func finish() -> [FeedItem] {
        let remainder = batch.map(map)
        batch.removeAll()
        return queue.sync { items } + remainder
    }

    private func submit() {
        let entries = batch
        batch.removeAll(keepingCapacity: true)
        slots.wait()
        queue.async { [map] in
            self.items.append(contentsOf: entries.map(map))
            self.slots.signal()
        }
    }
}
