import Dispatch
import Testing

@testable import Tributary

/// `ParallelWork.alongside`: work on another thread beside work that stays on this one.
@Suite struct ParallelWorkTests {
    struct Failure: Error {}

    /// Each side waits for the other's signal, so running them one after the other would
    /// fail the test (after the ten-second guard) rather than pass it.
    @Test func bothSidesRunAtOnceAndBothResultsComeBack() {
        let otherStarted = DispatchSemaphore(value: 0)
        let bodyStarted = DispatchSemaphore(value: 0)
        let (other, body) = ParallelWork.alongside(
            other: {
                otherStarted.signal()
                return bodyStarted.wait(timeout: .now() + 10) == .success ? "other" : "timed out"
            },
            here: {
                bodyStarted.signal()
                return otherStarted.wait(timeout: .now() + 10) == .success ? 2 : 0
            })
        #expect(other == "other")
        #expect(body == 2)
    }

    @Test func aFailureOnThisThreadIsThrownOnceTheOtherSideHasFinished() {
        let finished = LockedFlag()
        let failing = DispatchSemaphore(value: 0)
        #expect(throws: Failure.self) {
            _ = try ParallelWork.alongside(
                other: {
                    failing.wait()  // the other side is still at work when this one fails
                    finished.set()
                    return 1
                },
                here: { () throws -> Int in
                    failing.signal()
                    throw Failure()
                })
        }
        #expect(finished.isSet)
    }
}

/// A flag set on one thread and read on another.
private final class LockedFlag: @unchecked Sendable {
    private let lock = DispatchSemaphore(value: 1)
    private var value = false

    func set() {
        lock.wait()
        value = true
        lock.signal()
    }

    var isSet: Bool {
        lock.wait()
        defer { lock.signal() }
        return value
    }
}
