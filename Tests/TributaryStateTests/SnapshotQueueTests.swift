import Foundation
import Testing
import Tributary

@testable import TributaryState

/// A saved snapshot is what `load` returns from the moment it is saved: while it waits,
/// while its write transaction runs, and after, from the store.
@Suite struct SnapshotQueueTests {
    let earlier = Date(timeIntervalSince1970: 1_795_300_000)
    let later = Date(timeIntervalSince1970: 1_795_300_600)

    @Test func aSnapshotBeingWrittenIsStillSeenUntilItsWriteEnds() {
        let queue = SnapshotQueue()
        #expect(queue.add(.init(savedAt: earlier, items: []), for: "news"), "the first save schedules a write")
        #expect(!queue.add(.init(savedAt: earlier, items: []), for: "news"), "one write is enough for both")
        let taken = queue.takeAll()
        #expect(taken.keys.sorted() == ["news"])
        #expect(queue.unwritten(for: "news")?.savedAt == earlier, "its transaction has not committed yet")
        queue.writeEnded()
        #expect(queue.unwritten(for: "news") == nil, "committed: the store has it now")
    }

    @Test func aSnapshotSavedDuringAWriteWinsAndSchedulesTheNext() {
        let queue = SnapshotQueue()
        _ = queue.add(.init(savedAt: earlier, items: []), for: "news")
        _ = queue.takeAll()
        #expect(queue.add(.init(savedAt: later, items: []), for: "news"), "the write under way took the older one")
        #expect(queue.unwritten(for: "news")?.savedAt == later)
        queue.writeEnded()
        #expect(queue.unwritten(for: "news")?.savedAt == later, "still waiting for its own write")
    }
}
