/// How long to wait before each retry: exponential, capped, with jitter.
public struct Backoff: Sendable {
    public var initial: Duration
    public var maximum: Duration
    /// The fraction (0...1) of each delay that is randomised.
    public var jitter: Double

    public init(initial: Duration = .milliseconds(500), maximum: Duration = .seconds(8), jitter: Double = 0.2) {
        self.initial = initial
        self.maximum = maximum
        self.jitter = jitter
    }

    /// The delay before retry number `attempt` (1 for the first retry).
    public func delay(forAttempt attempt: Int, random: Double = Double.random(in: 0...1)) -> Duration {
        let exponential = initial * Int(1 << min(max(attempt - 1, 0), 16))
        let capped = min(exponential, maximum)
        let spread = capped * jitter
        return capped - spread + spread * (2 * random)
    }
}

/// Thrown by `timeout` when a signal has not completed in time.
public struct SignalTimeoutError: Error, Sendable, Equatable {
    public let after: Duration

    public init(after: Duration) {
        self.after = after
    }
}

extension Signal {
    /// Fails with `SignalTimeoutError` (cancelling the subscription) when the signal has
    /// not completed within `interval` of being subscribed.
    public func timeout<C: Clock>(after interval: Duration, clock: C) -> Signal where C.Duration == Duration {
        Signal { subscriber in
            try await withThrowingTaskGroup(of: Bool.self) { group in
                group.addTask {
                    for try await value in self { subscriber.send(value) }
                    return true
                }
                group.addTask {
                    try await clock.sleep(for: interval)
                    return false
                }
                let completed = try await group.next()!
                group.cancelAll()
                if !completed { throw SignalTimeoutError(after: interval) }
            }
        }
    }

    /// Subscribes again after a failure for which `shouldRetry` returns a delay, up to
    /// `maxAttempts` subscriptions in all. `shouldRetry` gets the error and the retry
    /// number and returns how long to wait, or nil to give up and fail with the error.
    public func retry<C: Clock>(
        maxAttempts: Int, clock: C,
        delay shouldRetry: @escaping @Sendable (any Error, Int) -> Duration?
    ) -> Signal where C.Duration == Duration {
        Signal { subscriber in
            var attempt = 1
            while true {
                do {
                    for try await value in self { subscriber.send(value) }
                    return
                } catch let error where !(error is CancellationError) && attempt < maxAttempts {
                    guard let delay = shouldRetry(error, attempt) else { throw error }
                    try await clock.sleep(for: delay)
                    attempt += 1
                }
            }
        }
    }

    /// Retries failures `maxAttempts - 1` times with exponential `backoff`.
    public func retry<C: Clock>(maxAttempts: Int, backoff: Backoff, clock: C) -> Signal where C.Duration == Duration {
        retry(maxAttempts: maxAttempts, clock: clock) { _, attempt in backoff.delay(forAttempt: attempt) }
    }
}
