import Foundation
import Testing
import Tributary

/// The gate that keeps a run's sources to a number at once.
@Suite struct RunGateTests {
    /// Counts holders inside the gate and the most there ever were, and tells the test of
    /// each entry.
    actor Occupancy {
        private(set) var inside = 0
        private(set) var most = 0
        private(set) var order: [Int] = []
        let entries: AsyncStream<Void>
        private let entered: AsyncStream<Void>.Continuation

        init() { (entries, entered) = AsyncStream<Void>.makeStream() }

        func enter(_ id: Int) {
            inside += 1
            most = max(most, inside)
            order.append(id)
            entered.yield()
        }

        func leave() { inside -= 1 }
    }

    /// Holds every holder inside until the test lets one out.
    actor Exit {
        private var opened = 0
        private var waiting: [CheckedContinuation<Void, Never>] = []

        func pass() async {
            guard opened == 0 else {
                opened -= 1
                return
            }
            await withCheckedContinuation { waiting.append($0) }
        }

        func open() {
            if waiting.isEmpty { opened += 1 } else { waiting.removeFirst().resume() }
        }
    }

    @Test func noMoreThanTheLimitAreInsideAtOnceAndAllGetIn() async throws {
        let gate = RunGate(limit: 3)
        let occupancy = Occupancy()
        let exit = Exit()
        var entries = occupancy.entries.makeAsyncIterator()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for id in 0..<40 {
                group.addTask {
                    try await gate.run {
                        await occupancy.enter(id)
                        await exit.pass()
                        await occupancy.leave()
                    }
                }
            }
            // Nobody leaves before three are inside, so the gate is full; from then on
            // each one let out makes room for exactly one more.
            for _ in 0..<3 { await entries.next() }
            for _ in 3..<40 {
                await exit.open()
                await entries.next()
            }
            for _ in 0..<3 { await exit.open() }
            try await group.waitForAll()
        }
        #expect(await occupancy.most == 3)
        #expect(await occupancy.order.count == 40)
        #expect(await occupancy.inside == 0)
    }

    @Test func aCancelledWaiterLeavesAndGivesUpNoPlace() async throws {
        let gate = RunGate(limit: 1)
        let (release, releaser) = AsyncStream<Void>.makeStream()
        let (entered, enteredSignal) = AsyncStream<Void>.makeStream()
        let holder = Task {
            try await gate.run {
                enteredSignal.yield()
                for await _ in release { break }
            }
        }
        for await _ in entered { break }
        let waiter = Task { try await gate.run { "got in" } }
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        releaser.yield()
        try await holder.value
        #expect(try await gate.run { "free again" } == "free again")
    }
}
