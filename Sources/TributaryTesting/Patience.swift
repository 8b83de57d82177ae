/// How long a test waits, by yielding, for work on other tasks (a local server's answer,
/// a subscription's next value, a task going to sleep on a manual clock): until the
/// condition holds, the task is cancelled (a suite's `.timeLimit` ran out) or a minute of
/// real time has passed. Generous by design: it turns a wait that would never end into a
/// failed expectation, and times nothing.
///
///     let patience = Patience()
///     while server.requests.isEmpty, patience.lasts { await Task.yield() }
public struct Patience: Sendable {
    private let giveUp: ContinuousClock.Instant

    public init(_ limit: Duration = .seconds(60)) {
        giveUp = .now + limit
    }

    /// Whether to keep waiting.
    public var lasts: Bool { !Task.isCancelled && ContinuousClock.now < giveUp }
}
