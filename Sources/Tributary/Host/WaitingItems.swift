import Synchronization

/// Counts the items a run's sources hold while they wait for one another, so that only a
/// run that holds many packs them (`FeedItem.pack()`): packing takes an item's memory
/// from about 1 KB to its text and 60 bytes, but costs CPU, which a run of a few dozen
/// feeds need not spend. The threshold's figures are in docs/design/performance.md,
/// "Packed items".
package final class WaitingItems: Sendable {
    /// Items beyond this many are packed: about 2 MB of loose items.
    package static let packingThreshold = 2_000
    private let count = Atomic<Int>(0)

    /// Counts a snapshot's items; true when the run now holds more than the threshold.
    /// A source's later snapshot counts again, so the tally errs toward packing.
    func add(_ items: Int) -> Bool {
        count.add(items, ordering: .relaxed).newValue > Self.packingThreshold
    }
}
