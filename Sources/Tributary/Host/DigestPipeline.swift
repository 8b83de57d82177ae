import Foundation

/// The host: subscribes to every enabled source at once, runs as many as the run's
/// `RunGate` lets in (the rest wait, pending), reports each source as it finishes, and
/// reduces the latest snapshot of every source into one digest (`combineLatest`).
public struct DigestPipeline: Sendable {
    public let config: FeedsConfig
    public let registry: SourceRegistry
    public let http: HTTPClient
    public let reducer: DigestReducer
    public var retry: RetryPolicy
    /// Keeps each source's last good items for stale-if-error; nil: no such memory.
    public var snapshots: (any SnapshotKeeper)?
    /// Set when the run embeds images; sources that stream thumbnails use it.
    public var thumbnails: ThumbnailFetcher?
    /// Fetches the articles of entries that set `fullText`; nil: their items keep their summaries.
    public var articles: (any ArticleCompletion)?
    /// Whether sources ask only for what is newer than their stored cursor, and leave the
    /// cursor of what they fetched for the next run. Off for recorded and replayed runs: a
    /// recording answers the requests of a full fetch, and recorded answers are of their
    /// day (a replay that moved the cursor to them would have the next run skip posts).
    public var fetchesIncrementally = true
    /// Whether each source drops the items its entry's `include` and `exclude` rules drop,
    /// before its `limit`. Off for `rules test`, whose rule book tries those rules itself.
    public var appliesEntryFilters = true
    /// How many sources run at once; the others wait, pending.
    var sourcesAtOnce: Int
    /// The run's time, for deadlines, retries and `generatedAt`; the HTTP client's own.
    public var clock: RunClock { http.clock }

    public init(
        config: FeedsConfig, registry: SourceRegistry, http: HTTPClient, reducer: DigestReducer,
        retry: RetryPolicy = RetryPolicy(),
        snapshots: (any SnapshotKeeper)? = nil, thumbnails: ThumbnailFetcher? = nil,
        sourcesAtOnce: Int = DescriptorBudget.current.sourcesAtOnce
    ) {
        self.config = config
        self.registry = registry
        self.http = http
        self.reducer = reducer
        self.retry = retry
        self.snapshots = snapshots
        self.thumbnails = thumbnails
        self.sourcesAtOnce = sourcesAtOnce
    }

    /// Runs every source (or only those whose ids are in `only`) and returns the digest.
    /// `onProgress` is called once per source, as it finishes, in finishing order.
    public func run(only: Set<String>? = nil, onProgress: @escaping @Sendable (SourceState) -> Void = { _ in })
        async throws -> Digest
    {
        let entries = config.sources.filter { only?.contains($0.id) ?? true }
        let gate = RunGate(limit: sourcesAtOnce)
        // With one source nothing waits for another: its items are left loose.
        let waiting = entries.count > 1 ? WaitingItems() : nil
        let states = entries.map { runner(for: $0, on: http, gate: gate, waiting: waiting).states(onFinal: onProgress) }
        let reducer = reducer
        let finished = FinishedPrefix()
        let digests = Signal<Digest?>.combineLatest(states) { latest in
            finished.allFinal(latest) ? reducer.reduce(latest, generatedAt: clock.now()) : nil
        }
        var digest = reducer.reduce([], generatedAt: clock.now())
        for try await case let latest? in digests { digest = latest }
        return digest
    }

    /// The runner of `entry` as `run` makes it, on `http` (the run's client unless given),
    /// for a host that runs each entry on its own (the live pipeline): one run at a time,
    /// its items left loose.
    public func runner(for entry: SourceEntry, on http: HTTPClient? = nil) -> SourceRunner {
        runner(for: entry, on: http ?? self.http, gate: RunGate(limit: 1), waiting: nil)
    }

    /// The entry's deadline is its own `timeout`, else the run's, which the client carries
    /// (feeds.json's `timeout`, or `--timeout`); the whole source may take half as long again.
    private func runner(for entry: SourceEntry, on http: HTTPClient, gate: RunGate, waiting: WaitingItems?)
        -> SourceRunner
    {
        let timeout = entry.timeout ?? http.timeout
        var runner = SourceRunner(
            entry: entry, type: registry[entry.type]!,
            http: http.with(deadline: timeout, defaults: RequestDefaults(entry)), retry: retry,
            deadline: timeout + timeout / 2, snapshots: snapshots, thumbnails: thumbnails, gate: gate, clock: clock
        )
        runner.waitingItems = waiting
        runner.articles = entry.common.fullText ? articles : nil
        runner.fetchesIncrementally = fetchesIncrementally
        runner.appliesEntryFilters = appliesEntryFilters
        return runner
    }
}

/// Whether every source's latest state is final, in constant amortised time per update:
/// a source's final state is its last, so the prefix of finished sources only grows, and
/// a scan of every state per update (quadratic over 100,000 sources) is not needed.
private final class FinishedPrefix: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func allFinal(_ states: [SourceState]) -> Bool {
        lock.withLock {
            while count < states.count && states[count].isFinal { count += 1 }
            return count == states.count
        }
    }
}
