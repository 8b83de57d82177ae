import Testing
@testable import Tributary
import TributaryTesting

/// Lets other tasks run for a while (no wall-clock sleeping): only for checking that
/// something does *not* happen, which no condition can wait for.
func settle() async {
    for _ in 0..<2_000 { await Task.yield() }
}

struct Boom: Error, Equatable {}

@Suite struct SignalOperatorTests {
    @Test func signalsAreColdUntilSubscribed() async throws {
        let counter = Counter()
        let signal = Signal<Int>.once { await counter.increment() }
        await settle()
        #expect(await counter.value == 0)
        #expect(try await signal.collect() == [1])
        #expect(try await signal.collect() == [2], "each subscription runs the producer again")
    }

    @Test func cancellingTheSubscriberCancelsTheProducer() async throws {
        let counter = Counter()
        let signal = Signal<Int> { subscriber in
            subscriber.send(1)
            do {
                try await Task.sleep(for: .seconds(60))
            } catch {
                await counter.increment()
                throw error
            }
        }
        let task = Task { for try await _ in signal { break } }
        try await task.value
        #expect(await yieldUntil { await counter.value == 1 }, "the producer saw its cancellation")
    }

    @Test func mapFilterSkip() async throws {
        let values = try await Signal.values([1, 2, 3, 4, 5, 6]).map { $0 * 10 }.filter { $0 % 20 == 0 }.skip(1)
            .collect()
        #expect(values == [40, 60])
    }

    @Test func mergeTakesAnyNumberOfSignals() async throws {
        let signals = (0..<5).map { index in Signal.values([index * 10, index * 10 + 1]) }
        let merged = try await Signal.merge(signals).collect()
        #expect(merged.sorted() == [0, 1, 10, 11, 20, 21, 30, 31, 40, 41])
    }

    @Test func combineLatestReducesTheLatestOfEverySignal() async throws {
        let (first, firstInput) = AsyncStream<Int>.makeStream()
        let signals = [Signal(first), .values([100]), .values([1_000]), .values([10_000])]
        let sums = Signal<Int>.combineLatest(signals) { $0.reduce(0, +) }
        var iterator = sums.makeAsyncIterator()
        firstInput.yield(1)
        #expect(try await iterator.next() == 11_101)
        firstInput.yield(2)
        #expect(try await iterator.next() == 11_102)
        firstInput.finish()
        #expect(try await iterator.next() == nil)
    }

    @Test func materializeTurnsFailureIntoAValueSoCombineLatestDoesNotStall() async throws {
        let failing = Signal<Int>.failure(Boom()).materialize()
        let fine = Signal.values([7]).materialize()
        let combined = try await Signal<String>.combineLatest([failing, fine]) { events in
            events.map { event -> String in
                switch event {
                case .value(let value): "value \(value)"
                case .failed: "failed"
                case .completed: "completed"
                }
            }.joined(separator: ", ")
        }.collect()
        #expect(combined.last == "failed, completed")
    }

    @Test func replayedRunsOnceAndLateSubscribersGetEveryValue() async throws {
        let counter = Counter()
        let shared = Signal<Int> { subscriber in
            let run = await counter.increment()
            subscriber.send(run)
            subscriber.send(run + 100)
        }.replayed()
        #expect(try await shared.collect() == [1, 101])
        #expect(try await shared.collect() == [1, 101], "a late subscriber gets the replay, no second fetch")
        #expect(await counter.value == 1)
    }

    /// The second query goes in only once the first one's search runs, so the test always
    /// sees a running search cancelled, however the tasks are scheduled.
    @Test func flatMapLatestCancelsThePreviousInnerSignal() async throws {
        let started = Counter()
        let cancelled = Counter()
        let (queries, input) = AsyncStream<String>.makeStream()
        let results = Signal(queries).flatMapLatest { query in
            Signal<String> { subscriber in
                if query == "slow" {
                    await started.increment()
                    do {
                        try await Task.sleep(for: .seconds(60))
                    } catch {
                        await cancelled.increment()
                        throw error
                    }
                }
                subscriber.send("results for \(query)")
            }
        }
        let collected = Task { try await results.collect() }
        input.yield("slow")
        try #require(await yieldUntil { await started.value == 1 }, "the first search runs")
        input.yield("swift")
        input.finish()
        #expect(try await collected.value == ["results for swift"])
        #expect(await yieldUntil { await cancelled.value == 1 }, "the slow search was cancelled, not left to run")
    }

    /// The values are pulled one at a time, and the clock moves only once the operator
    /// sleeps: how far it has read never depends on how busy the machine is.
    @Test func throttleSendsAtMostOneValuePerInterval() async throws {
        let clock = ManualClock()
        let (typing, input) = AsyncStream<Int>.makeStream()
        var iterator = Signal(typing).throttle(for: .milliseconds(500), clock: clock).makeAsyncIterator()
        input.yield(1)
        #expect(try await iterator.next() == 1, "the first value passes at once")
        input.yield(2)
        input.yield(3)
        input.finish()
        #expect(await clock.whenSleeping(until: .milliseconds(500)), "2 and 3 wait out the interval")
        clock.advance(by: .milliseconds(500))
        #expect(try await iterator.next() == 3, "one value per interval, the latest")
        #expect(try await iterator.next() == nil)
    }

    @Test func retryWaitsWithBackoffOnTheClock() async throws {
        let clock = ManualClock()
        let counter = Counter()
        let flaky = Signal<Int> { subscriber in
            let attempt = await counter.increment()
            if attempt < 3 { throw Boom() }
            subscriber.send(attempt)
        }
        let retried = Task {
            try await flaky.retry(maxAttempts: 3, backoff: Backoff(initial: .seconds(1), jitter: 0), clock: clock)
                .collect()
        }
        await clock.whenSleeping()
        #expect(await counter.value == 1)
        clock.advance(by: .seconds(1))
        #expect(await clock.whenSleeping(until: .seconds(3)), "the second wait doubles: 1 s + 2 s")
        #expect(await counter.value == 2)
        clock.advance(by: .seconds(2))
        #expect(try await retried.value == [3])
    }

    @Test func retryGivesUpAfterMaxAttempts() async {
        let clock = ManualClock()
        let counter = Counter()
        let failing = Signal<Int> { _ in
            await counter.increment()
            throw Boom()
        }
        let retried = Task { try await failing.retry(maxAttempts: 2, clock: clock) { _, _ in .zero }.collect() }
        await #expect(throws: Boom.self) { try await retried.value }
        #expect(await counter.value == 2)
    }

    @Test func timeoutFailsASignalThatTakesTooLong() async {
        let clock = ManualClock()
        let slow = Signal<Int> { _ in try await Task.sleep(for: .seconds(60)) }
        let timed = Task { try await slow.timeout(after: .seconds(5), clock: clock).collect() }
        await clock.whenSleeping()
        clock.advance(by: .seconds(5))
        await #expect(throws: SignalTimeoutError(after: .seconds(5))) { try await timed.value }
    }

    @Test func backoffGrowsExponentiallyUpToItsCap() {
        let backoff = Backoff(initial: .milliseconds(500), maximum: .seconds(4), jitter: 0)
        #expect(
            (1...5).map { backoff.delay(forAttempt: $0) } == [
                .milliseconds(500), .seconds(1), .seconds(2), .seconds(4), .seconds(4),
            ])
    }
}

/// A counter that tests can share with producers.
actor Counter {
    private(set) var value = 0

    @discardableResult
    func increment() -> Int {
        value += 1
        return value
    }
}
