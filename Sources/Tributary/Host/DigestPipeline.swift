import Foundation

/// The host: subscribes to every enabled source at once, reports each source as it
/// finishes (`merge`), and reduces the latest snapshot of every source into one
/// digest (`combineLatest`).
public struct DigestPipeline: Sendable {
    public let config: FeedsConfig
    public let registry: SourceRegistry
    public let http: HTTPClient
    public let reducer: DigestReducer
    public var retry: RetryPolicy
    /// Keeps each source's last good items for stale-if-error; nil: no such memory.
    public var snapshots: SnapshotStore?
    /// Set when the run embeds images; sources that stream thumbnails use it.
    public var thumbnails: ThumbnailFetcher?

    public init(
        config: FeedsConfig, registry: SourceRegistry, http: HTTPClient, reducer: DigestReducer, retry: RetryPolicy = RetryPolicy(),
        snapshots: SnapshotStore? = nil, thumbnails: ThumbnailFetcher? = nil
    ) {
        self.config = config
        self.registry = registry
        self.http = http
        self.reducer = reducer
        self.retry = retry
        self.snapshots = snapshots
        self.thumbnails = thumbnails
    }

    /// Runs every source (or only those whose ids are in `only`) and returns the digest.
    /// `onProgress` is called once per source, as it finishes, in finishing order.
    public func run(only: Set<String>? = nil, onProgress: @escaping @Sendable (SourceState) -> Void = { _ in }) async throws -> Digest {
        let entries = config.sources.filter { only?.contains($0.id) ?? true }
        let states = entries.map { runner(for: $0).states().replayed() }
        let reducer = reducer
        async let progress: Void = {
            for try await state in Signal.merge(states) where state.isFinal { onProgress(state) }
        }()
        let digests = Signal<Digest?>.combineLatest(states) { latest in
            latest.allSatisfy(\.isFinal) ? reducer.reduce(latest, generatedAt: Date()) : nil
        }
        var digest = reducer.reduce([], generatedAt: Date())
        for try await case let latest? in digests { digest = latest }
        try await progress
        return digest
    }

    private func runner(for entry: SourceEntry) -> SourceRunner {
        let timeout = entry.timeout ?? http.timeout
        return SourceRunner(
            entry: entry, type: registry[entry.type]!, http: http, retry: retry,
            deadline: timeout + timeout / 2, snapshots: snapshots, thumbnails: thumbnails
        )
    }
}
