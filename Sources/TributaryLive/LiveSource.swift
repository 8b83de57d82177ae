import Foundation
import Tributary

/// One feeds.json entry kept fresh: refreshed when its timer comes due and on demand,
/// its latest state watchable as a signal of snapshots over time.
final class LiveSource: Sendable {
    let entry: SourceEntry
    let interval: Duration
    /// The latest state: `pending` until the first answer.
    let current: LiveValue<LiveSourceState>
    private let pipeline: DigestPipeline
    private let keys: RequestKeys
    private let inFlight = Locked<Task<LiveSourceState, any Error>?>(nil)

    /// `pipeline` runs every source of the run; this one runs it for `entry` alone, its
    /// requests noted so the holds upstream puts on them delay the next refresh.
    init(entry: SourceEntry, interval: Duration, pipeline: DigestPipeline) {
        self.entry = entry
        self.interval = interval
        current = LiveValue(.waiting(for: entry))
        keys = RequestKeys(through: pipeline.http.transport)
        var config = pipeline.config
        config.sources = [entry]
        let http = pipeline.http
        self.pipeline = DigestPipeline(
            config: config, registry: pipeline.registry,
            http: HTTPClient(
                transport: keys, limits: http.limits, gate: http.gate, clock: http.clock,
                sentSecrets: http.sentSecrets),
            reducer: DigestReducer(title: "", sort: pipeline.reducer.sort, limit: nil, filter: KeywordFilter()),
            retry: pipeline.retry, snapshots: pipeline.snapshots, sourcesAtOnce: 1
        )
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
        let clock = pipeline.clock
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
        let digest: Digest
        do {
            digest = try await pipeline.run()
            try Task.checkCancellation()
        } catch {
            current.update { $0.isRefreshing = false }
            throw error
        }
        var latest = SourceState(status: digest.sources[0], items: digest.items)
        let previous = current.value
        if latest.status.state == .failed, latest.items.isEmpty, !previous.latest.items.isEmpty {
            latest.items = previous.latest.items  // stale rather than empty, the reason on the status
        }
        let clock = pipeline.clock
        let now = clock.now()
        let held = await keys.heldUntil(in: pipeline.http.gate, now: now)
        let next = max(now.addingTimeInterval(interval.seconds), held ?? .distantPast)
        let state = LiveSourceState(latest: latest, refreshedAt: now, nextRefresh: next)
        current.set(state)
        return state
    }
}
