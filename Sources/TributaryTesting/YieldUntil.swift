/// Waits, by yielding, for work on other tasks (a local server's answer, a subscription's
/// next value, a task going to sleep on a manual clock) until `condition` holds, the task
/// is cancelled (a suite's `.timeLimit` ran out) or `limit` of real time has passed;
/// returns whether the condition held. The limit is generous by design: it turns a wait
/// that would never end into a failed expectation, and times nothing. `condition` runs on
/// the caller's actor, so it may read that actor's state.
///
///     #expect(await yieldUntil { !server.requests.isEmpty })
@discardableResult
public func yieldUntil(
    within limit: Duration = .seconds(60), isolation: isolated (any Actor)? = #isolation,
    _ condition: () async throws -> Bool
) async rethrows -> Bool {
    let giveUp = ContinuousClock.now + limit
    while try await !condition() {
        guard !Task.isCancelled, ContinuousClock.now < giveUp else { return false }
        await Task.yield()
    }
    return true
}
