import Foundation
import Tributary

/// The long-lived pipeline behind `watch` and `serve`: each source is a signal of
/// snapshots over time (refreshed on its timer, honouring upstream's holds, and on
/// demand), and `digests` combines their latest snapshots into a digest whenever one
/// changes, settled so that a burst of answers renders once.
public struct LivePipeline: Sendable {
    /// The run's sources, in feeds.json order.
    let sources: [LiveSource]
    let reducer: DigestReducer
    let clock: RunClock
    let snapshots: (any SnapshotKeeper)?
    /// How long a digest waits for more answers before it is sent.
    public var renderInterval: Duration = .milliseconds(300)
    /// How often the state store is looked at for changes made by other commands
    /// (`mark-read`, `star`), which then reach the live view as a new digest.
    public var storeCheckInterval: Duration = .milliseconds(500)
    /// Remembers new and read items; nil: no state store.
    public var memory: LiveMemory?

    /// A live pipeline over `pipeline`'s sources (those in `only`, when given); throws a
    /// configuration error for an entry whose `refresh` is below its minimum.
    public init(_ pipeline: DigestPipeline, only: Set<String>? = nil) throws {
        let entries = pipeline.config.sources.filter { only?.contains($0.id) ?? true }
        sources = try entries.map { entry in
            LiveSource(entry: entry, interval: try RefreshInterval.of(entry), pipeline: pipeline)
        }
        reducer = pipeline.reducer
        clock = pipeline.clock
        snapshots = pipeline.snapshots
    }

    /// Returns once the snapshots the sources saved are kept: what a live view does before
    /// it exits, which would otherwise drop one saved in its last moments.
    public func finishQueuedWrites() {
        snapshots?.finishQueuedWrites()
    }

    /// The ids of the run's sources, in feeds.json order.
    public var sourceIDs: [String] { sources.map(\.entry.id) }

    /// The run's feeds.json entries, in order: what the sync APIs list as feeds.
    public var entries: [SourceEntry] { sources.map(\.entry) }

    /// Subscribing starts every source's timer; each digest comes `renderInterval` after
    /// the change that caused it, with the sources that have not answered yet `pending`.
    /// A change another command makes to the state store sends the digest again, read anew.
    /// Cancelling the subscription stops the timers and the refreshes under way.
    public var digests: Signal<LiveDigest> {
        let sources = sources
        let interval = renderInterval
        let clock = clock
        return Signal { subscriber in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for source in sources { group.addTask { try await source.keepFresh() } }
                if let memory {
                    group.addTask {
                        try await watchStore(memory) { subscriber.send(currentDigest) }
                    }
                }
                group.addTask {
                    let latest = Signal<[LiveSourceState]>.combineLatest(sources.map(\.states)) { $0 }
                    for try await states in latest.settled(for: interval, clock: clock) {
                        subscriber.send(digest(of: states))
                    }
                }
                _ = try await group.next()
                group.cancelAll()
            }
        }
    }

    /// Refreshes every source now (joining refreshes under way) and waits for all of them.
    public func refreshAll() async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for source in sources { group.addTask { try await source.refresh() } }
            try await group.waitForAll()
        }
    }

    /// Refreshes the source with `id` now and waits for it; throws when there is none.
    public func refresh(_ id: String) async throws {
        guard let source = sources.first(where: { $0.entry.id == id }) else {
            throw TributaryError(.invalidConfiguration, "no source \"\(TextCleanup.singleLine(id))\" in this run")
        }
        try await source.refresh()
    }

    /// Every source's live state right now, in feeds.json order.
    public var sourceStates: [LiveSourceState] { sources.map(\.current.value) }

    /// The digest of every source's state right now, without waiting for a change.
    public var currentDigest: LiveDigest { digest(of: sources.map(\.current.value)) }

    /// Looks at the store every `storeCheckInterval` until cancelled; when another process
    /// changed it, reads this run's items' read and starred state again and calls `changed`.
    private func watchStore(_ memory: LiveMemory, changed: @Sendable () -> Void) async throws {
        _ = memory.storeChangedElsewhere()
        while true {
            try await clock.sleep(for: storeCheckInterval)
            guard memory.storeChangedElsewhere() else { continue }
            memory.reread(currentDigest.digest.items, at: clock.now())
            changed()
        }
    }

    /// The digest of `states`, with what the state store remembers of its items.
    func digest(of states: [LiveSourceState]) -> LiveDigest {
        var digest = reducer.reduce(states.map(\.latest), generatedAt: clock.now())
        digest.memory = memory?.recall(digest.items, at: clock.now())
        memory?.recordOutcomes(states, of: digest, at: clock.now())
        return LiveDigest(digest: digest, sources: states)
    }
}
