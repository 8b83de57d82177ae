import Foundation
import Tributary

/// One feeds.json entry kept fresh: refreshed when its timer comes due and on demand,
/// its latest state watchable as a signal of snapshots over time.
final class LiveSource: Sendable {
    let entry: SourceEntry
    let interval: Duration
    /// The latest state: `pending` until the first answer.
    let current: LiveValue<LiveSourceState>
    private let runner: SourceRunner
    private let http: HTTPClient
    private let keys: RequestKeys
    private let inFlight = Locked<Task<LiveSourceState, any Error>?>(nil)

    /// `pipeline` runs every source of the run; this one runs `entry` with the runner the
    /// pipeline makes for it, on the run's client, its requests noted so the holds
    /// upstream puts on them delay the next refresh.
    init(entry: SourceEntry, interval: Duration, pipeline: DigestPipeline) {
        self.entry = entry
        self.interval = interval
        current = LiveValue(.waiting(for: entry))
        let keys = RequestKeys()
        self.keys = keys
        http = pipeline.http
        runner = pipeline.runner(for: entry, on: pipeline.http.observing { keys.note($0) })
    }

    /// The source's states, from the current one on.
    var states: Signal<LiveSourceState> { current.signal }

    /// Refreshes the source now, or joins the refresh under way, and returns its outcome.
    /// Cancelling the caller cancels the refresh.
    @discardableResult
    func refresh() async throws -> LiveSourceState {
        let task = inFlight.withLock { running in
            if let running { return running }
            let task = Task { try await fetch() }
            running = task
            return task
        }
        return try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            task.cancel()
        }
    }

    /// Refreshes whenever the timer comes due (at once the first time), until cancelled.
    func keepFresh() async throws {
        let clock = http.clock
        while true {
            try Task.checkCancellation()
            if let due = current.value.nextRefresh, due > clock.now() {
                let wait = (due.timeIntervalSince(clock.now()) * 1000).rounded(.up)
                try await clock.sleep(for: .milliseconds(Int64(wait)))
            } else {
                try await refresh()
            }
        }
    }

    private func fetch() async throws -> LiveSourceState {
        defer { inFlight.withLock { $0 = nil } }
        current.update { $0.isRefreshing = true }
        var latest: SourceState
        do {
            latest = try await runner.run()
            try Task.checkCancellation()
        } catch {
            current.update { $0.isRefreshing = false }
            throw error
        }
        let previous = current.value
        if latest.status.state == .failed, latest.items.isEmpty, !previous.latest.items.isEmpty {
            latest.items = previous.latest.items  // stale rather than empty, the reason on the status
        }
        let now = http.clock.now()
        let held = await keys.heldUntil(in: http.gate, now: now)
        let next = max(now.addingTimeInterval(interval.seconds), held ?? .distantPast)
        let state = LiveSourceState(latest: latest, refreshedAt: now, nextRefresh: next)
        current.set(state)
        return state
    }
}
