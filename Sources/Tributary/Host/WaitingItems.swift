import Synchronization

/// Counts the items a run's sources hold while they wait for one another, so that only a
/// run that holds many packs them (`FeedItem.pack()`): packing halves an item's memory
/// (about 1 KB to 530 bytes) but costs CPU (0.1 s for 25,000 items), which a run of a few
/// hundred feeds does not need to spend.
final class WaitingItems: Sendable {
    /// Items beyond this many are packed: about 20 MB of loose items.
    static let packingThreshold = 20_000
    private let count = Atomic<Int>(0)

    /// Counts a snapshot's items; true when the run now holds more than the threshold.
    /// A source's later snapshot counts again, so the tally errs toward packing.
    func add(_ items: Int) -> Bool {
        count.add(items, ordering: .relaxed).newValue > Self.packingThreshold
    }
}
