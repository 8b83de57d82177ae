import Foundation
import Testing
import Tributary

/// The gate that keeps a run's sources to a number at once.
@Suite struct RunGateTests {
    /// Counts holders inside the gate and the most there ever were.
    actor Occupancy {
        private(set) var inside = 0
        private(set) var most = 0
        private(set) var order: [Int] = []

        func enter(_ id: Int) {
            inside += 1
            most = max(most, inside)
            order.append(id)
        }

        func leave() { inside -= 1 }
    }

    @Test func noMoreThanTheLimitAreInsideAtOnceAndAllGetIn() async throws {
        let gate = RunGate(limit: 3)
        let occupancy = Occupancy()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for id in 0..<40 {
                group.addTask {
                    try await gate.run {
                        await occupancy.enter(id)
                        await Task.yield()
                        await occupancy.leave()
                    }
                }
            }
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
