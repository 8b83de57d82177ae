import Dispatch
import Tributary

/// Maps batches of raw entries to items on a second thread while the parser reads on,
/// so a large feed uses both cores. At most two batches wait at once, so memory stays
/// bounded; items come out in document order.
final class ParallelMapper: @unchecked Sendable {
    static let batchSize = 1024

    private let queue = DispatchQueue(label: "tributary.feed.mapping")
    private let slots = DispatchSemaphore(value: 2)
    private let map: @Sendable (EntryBatch) -> [FeedItem]
    /// Written only on `queue`; read after `finish`.
    private var items: [FeedItem] = []

    init(map: @escaping @Sendable (EntryBatch) -> [FeedItem]) {
        self.map = map
    }

    /// Queues a full batch (called from the parser's thread).
    func add(_ batch: EntryBatch) {
        slots.wait()
        queue.async { [map] in
            self.items.append(contentsOf: map(batch))
            self.slots.signal()
        }
    }

    /// Maps the last, partial batch on the calling thread (a small feed never leaves it)
    /// and returns every item, in order.
    func finish(_ last: EntryBatch) -> [FeedItem] {
        let remainder = map(last)
        return queue.sync { items } + remainder
    }
}
