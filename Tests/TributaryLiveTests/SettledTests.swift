import Testing
import Tributary
import TributaryLive
import TributaryTesting

/// Rendering waits for a burst of answers to settle: one render per burst, the latest.
@Suite(.timeLimit(.minutes(1))) struct SettledTests {
    let clock = ManualClock()

    @Test func aBurstComesOutOnceAfterTheIntervalAsItsLatestValue() async throws {
        let quiet = clock
        let burst = Signal<Int> { subscriber in
            for value in 1...3 { subscriber.send(value) }
            try await quiet.sleep(for: .seconds(3600))  // then nothing for an hour
            subscriber.send(4)
        }
        let (received, subscription) = Received.collecting(
            burst.settled(for: .milliseconds(300), clock: clock.runClock))
        await clock.whenSleeping(2)  // the burst's producer, and the settling wait
        // The operator reads the burst through a buffer on a task of its own; the settling
        // wait can start while 2 and 3 still sit there (seen under ThreadSanitizer in CI).
        // Jobs queued before the test's yields run first, so this lets it take them.
        for _ in 0..<100 { await Task.yield() }
        clock.advance(by: .milliseconds(299))
        #expect(await received.values.isEmpty, "still settling")
        clock.advance(by: .milliseconds(1))
        _ = await received.first { _ in true }
        #expect(await received.values == [3])
        clock.advance(by: .seconds(3600))
        await clock.whenSleeping(1)
        clock.advance(by: .milliseconds(300))
        _ = await received.first { $0 == 4 }
        #expect(await received.values == [3, 4], "the last of a burst is never lost")
        subscription.cancel()
    }
}
