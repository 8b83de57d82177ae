import Foundation

/// A run's time: one clock to wait on (deadlines, backoff, holds) and the wall-clock
/// time that goes with it (`Retry-After` dates, rate-limit resets, `generatedAt`). The CLI
/// makes one and hands it through the pipeline, the runners, the HTTP client and the
/// retry policy; tests hand a `ManualClock`'s instead and move time themselves.
///
/// A struct of `any Clock<Duration>` and a `now` closure rather than pointfreeco's
/// swift-clocks: the signal operators already take any `Clock`, the test clock has to
/// move the wall-clock time along with the monotonic one (swift-clocks' clocks have no
/// dates), and nothing else of that package would be used.
public struct RunClock: Sendable {
    /// What waits are measured on.
    public let clock: any Clock<Duration>
    /// What time it is.
    public let now: @Sendable () -> Date

    public init(clock: any Clock<Duration>, now: @escaping @Sendable () -> Date) {
        self.clock = clock
        self.now = now
    }

    /// The system's continuous clock and wall-clock time.
    public static let system = RunClock(clock: ContinuousClock(), now: { Date() })

    /// Waits for `duration` on the clock; throws when the task is cancelled.
    public func sleep(for duration: Duration) async throws {
        try await clock.sleep(for: duration)
    }
}
