import Testing
import TributaryBytes

/// Work split over threads comes back whole and in order, each element touched once.
@Suite struct ConcurrentSlotsTests {
    static let ranges = [0..<3, 3..<1_000, 1_000..<1_001, 1_001..<5_000]

    @Test func resultsComeBackInTheirSlotsOrder() {
        #expect(ConcurrentSlots.results(count: 64) { $0 * $0 } == (0..<64).map { $0 * $0 })
    }

    @Test func updateChangesEveryElementOnce() {
        var items = Array(0..<5_000)
        ConcurrentSlots.update(&items, in: Self.ranges) { $0 += 1 }
        #expect(items == Array(1...5_000))
    }

    @Test func mapEqualsTheSequentialMap() {
        let items = (0..<5_000).map { "item \($0)" }
        #expect(ConcurrentSlots.map(items, in: Self.ranges) { $0.uppercased() } == items.map { $0.uppercased() })
    }

    @Test func nothingToDoGivesNothing() {
        #expect(ConcurrentSlots.results(count: 0) { $0 }.isEmpty)
        #expect(ConcurrentSlots.map([Int](), in: []) { $0 }.isEmpty)
    }
}
