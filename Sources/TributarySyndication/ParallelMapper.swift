import Dispatch
import Tributary

/// Maps batches of raw entries to items on a second thread while the parser reads on,
/// so a large feed uses both cores. At most two batches wait at once, so memory stays
/// bounded; items come out in document order.
final class ParallelMapper: @unchecked Sendable {
    /// Maps a batch's entries to items, appending them to the array it is given.
    typealias Mapping = @Sendable (EntryBatch, inout [FeedItem]) -> Void

    static let batchSize = 1024

    private let queue = DispatchQueue(label: "tributary.feed.mapping")
    private let slots = DispatchSemaphore(value: 2)
    private let map: Mapping
    /// Written only on `queue`; taken by `finish`.
    private var items: [FeedItem] = []

    init(map: @escaping Mapping) {
        self.map = map
    }

    /// Queues a full batch (called from the parser's thread).
    func add(_ batch: EntryBatch) {
        slots.wait()
        queue.async { [map] in
            map(batch, &self.items)
            self.slots.signal()
        }
    }

    /// Maps the last, partial batch on the calling thread (a small feed never leaves it)
    /// and returns every item, in order.
    func finish(_ last: EntryBatch) -> [FeedItem] {
        var all = queue.sync {
            defer { items = [] }
            return items
        }
        map(last, &all)
        return all
    }
}
