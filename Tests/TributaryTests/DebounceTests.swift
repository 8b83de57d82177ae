import Testing
@testable import Tributary
import TributaryTesting

/// `debounce` (swift-async-algorithms', as `Signal.debounce` wraps it) on a sequence it
/// reads itself: keystrokes that come at set times on a manual clock. Each move of the
/// clock waits for the sleeper that proves the value before it was taken in (the typing
/// sleeps until its next keystroke only once the operator has asked for it), so the
/// outcome depends on no scheduling.
@Suite(.timeLimit(.minutes(1))) struct DebounceTests {
    /// Each value when the clock reaches its time, then the end of the sequence.
    struct Typing: AsyncSequence, Sendable {
        let keystrokes: [(at: Duration, text: String)]
        let clock: ManualClock

        struct AsyncIterator: AsyncIteratorProtocol {
            var remaining: ArraySlice<(at: Duration, text: String)>
            let clock: ManualClock

            mutating func next() async throws -> String? {
                guard let keystroke = remaining.popFirst() else { return nil }
                try await clock.sleep(until: clock.now.advanced(by: keystroke.at - clock.now.offset))
                return keystroke.text
            }
        }

        func makeAsyncIterator() -> AsyncIterator {
            AsyncIterator(remaining: keystrokes[...], clock: clock)
        }
    }

    @Test func debounceSendsTheLastValueAfterAQuietInterval() async throws {
        let clock = ManualClock()
        let typing = Typing(
            keystrokes: [
                (.zero, "s"), (.milliseconds(100), "sw"), (.milliseconds(200), "swi"), (.seconds(1), "swift"),
            ],
            clock: clock)
        let debounced = Signal(AsyncAlgorithmsBridge.debounce(typing, .milliseconds(300), clock))
        let (received, receiving) = AsyncStream<String?>.makeStream()
        let reader = Task {
            var iterator = debounced.makeAsyncIterator()
            for _ in 0..<3 { receiving.yield(try await iterator.next()) }
            receiving.finish()
        }
        defer { reader.cancel() }
        var values = received.makeAsyncIterator()
        for typed in [100, 200] {
            try #require(await clock.whenSleeping(until: .milliseconds(typed)), "the keystroke before is taken in")
            clock.advance(by: .milliseconds(100))
        }
        try #require(await clock.whenSleeping(until: .seconds(1)), "swi is taken in at 200 ms")
        clock.advance(by: .milliseconds(299))
        #expect(await clock.whenSleeping(until: .milliseconds(500)), "at 499 ms it still waits, for 300 ms after swi")
        clock.advance(by: .milliseconds(1))
        #expect(await values.next() == .some("swi"), "300 ms after the last keystroke of the burst")
        clock.advance(by: .milliseconds(500))
        #expect(await values.next() == .some("swift"), "the last value, sent as the input ends")
        #expect(await values.next() == .some(nil), "the signal ends with its input")
    }
}
