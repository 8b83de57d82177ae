import Foundation
import Tributary

/// A clock that moves only when a test says so, for testing time-based behaviour
/// (signal operators, deadlines, retries, holds) without sleeping. Its `date` moves with
/// it, from `start`, so `runClock` gives a pipeline both halves of a run's time.
public final class ManualClock: Clock, @unchecked Sendable {
    public struct Instant: InstantProtocol {
        public var offset: Duration

        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        let id: UUID
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private let lock = NSLock()
    private var current = Instant(offset: .zero)
    private var sleepers: [Sleeper] = []
    /// The wall-clock time at offset zero.
    public let start: Date

    public init(start: Date = Date(timeIntervalSince1970: 1_795_300_000)) {
        self.start = start
    }

    /// The wall-clock time now: `start` plus how far the clock has moved.
    public var date: Date { start.addingTimeInterval(now.offset.seconds) }

    /// This clock and its `date`, as the run's time.
    public var runClock: RunClock { RunClock(clock: self, now: { [self] in date }) }

    public var now: Instant { lock.withLock { current } }
    public var minimumResolution: Duration { .zero }

    /// How many tasks are sleeping on this clock right now.
    public var sleeperCount: Int { lock.withLock { sleepers.count } }

    /// When the tasks sleeping on this clock wake, as offsets from its start, earliest first:
    /// what a test checks to know a wait is as long as it should be, not merely pending.
    public var wakeTimes: [Duration] { lock.withLock { sleepers.map(\.deadline.offset).sorted() } }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow: Bool = lock.withLock {
                    if deadline <= current { return true }
                    sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let cancelled = lock.withLock { () -> Sleeper? in
                guard let index = sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return sleepers.remove(at: index)
            }
            cancelled?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward, waking every sleeper whose deadline has come.
    public func advance(by duration: Duration) {
        let due: [Sleeper] = lock.withLock {
            current = current.advanced(by: duration)
            let due = sleepers.filter { $0.deadline <= current }
            sleepers.removeAll { $0.deadline <= current }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Waits (by yielding, not sleeping: `yieldUntil`) until at least `count` tasks sleep
    /// on the clock, however long the real work before their sleep takes (a local server's
    /// answer, say); returns whether they do.
    @discardableResult
    public func whenSleeping(_ count: Int = 1) async -> Bool {
        await yieldUntil { sleeperCount >= count }
    }

    /// Waits like `whenSleeping` until a task sleeps until `offset` from the clock's start:
    /// a wait for one sleeper in particular, whatever else sleeps meanwhile.
    @discardableResult
    public func whenSleeping(until offset: Duration) async -> Bool {
        await yieldUntil { wakeTimes.contains(offset) }
    }
}
