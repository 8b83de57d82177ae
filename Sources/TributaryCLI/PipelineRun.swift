import Foundation
import Tributary
import TributaryRendering
import TributaryHooks
import TributaryState
import TributaryNetwork
import TributaryExtract

/// Sets up and runs the pipeline for `digest` and `report`: configuration, transport,
/// progress on standard error, and signals.
struct PipelineRun {
    let options: RunOptions
    let state: StateOptions
    let environment: [String: String]
    /// The bundled source types and the discovered external plugins.
    let registry: SourceRegistry
    /// `digest --mail`: the run's new items are queued for the mail, which feeds.json must configure.
    var mailing = false

    init(options: RunOptions, state: StateOptions) {
        (self.options, self.state) = (options, state)
        environment = ProcessInfo.processInfo.environment  // a new dictionary on every read
        registry = BundledSources.registry(environment: environment)
    }

    /// The configuration file: `--config`, else the first found where people keep it.
    func configFile() throws -> URL {
        try options.config.file(environment: environment)
    }

    /// Loads and validates feeds.json and the command-line selection.
    func loadConfig() throws -> FeedsConfig {
        let loader = ConfigLoader(registry: registry, environment: environment, secretsOptional: options.replay != nil)
        let file = try configFile()
        var config = try loader.load(contentsOf: file)
        try HookDelivery.check(config.hooks)
        if mailing && config.mail == nil {
            throw TributaryError(
                .invalidConfiguration,
                "mail: missing; --mail needs a \"mail\" section in \(file.lastPathComponent), such as "
                    + "\(MailSettings.example) (see docs/mail.md)")
        }
        if let limit = options.limit { config.limit = limit == 0 ? nil : limit }
        if let timeout = options.timeoutDuration { config.timeout = timeout }
        try UnknownSource.refuse(options.source, in: config, file: file.path)
        return config
    }

    /// Runs every selected source and returns the digest and the store's writes of it
    /// still under way; SIGINT and SIGTERM cancel the run.
    func run(_ config: FeedsConfig) async throws -> (Digest, StoreWrites) {
        let http = try client(for: config)
        return try await Interruption.cancellingOnSignals { try await run(config, using: http) }
    }

    /// The run's HTTP client: the network, a recorder or a replayer, with feeds.json's limits.
    func client(for config: FeedsConfig) throws -> HTTPClient {
        HTTPClient(
            transport: try transport(config), limits: TransferLimits(maxBodySize: config.maxResponseSize),
            timeout: config.timeout
        )
    }

    /// Runs every selected source through `http` and returns the digest, with what the
    /// state store remembers of its items and the `--new`/`--since`/`--unread` filters
    /// applied (signals are the caller's), and the store's writes of the run, which
    /// commit while the caller renders: show nothing before `finish()` on them.
    func run(
        _ config: FeedsConfig, using http: HTTPClient, thumbnails: ThumbnailFetcher? = nil
    ) async throws -> (Digest, StoreWrites) {
        let store = try openStore()
        let pipeline = digestPipeline(config, using: http, store: store, thumbnails: thumbnails)
        let reporter = ProgressReporter(quiet: options.quiet, verbose: options.verbose, environment: environment)
        let selection = options.source.isEmpty ? nil : Set(options.source)
        let previousRun = try store?.lastRunStart()
        var digest = try await pipeline.run(only: selection, onProgress: reporter.report)
        guard let store else { return (digest, .none) }
        let now = http.clock.now()
        var writes = StoreWrites.none
        let hooks = state.dryRun ? nil : stageHooks(config, digest: digest, store: store, now: now)
        let mail = state.dryRun ? nil : stageMail(config, digest: digest, store: store, clock: http.clock)
        do {
            if state.dryRun {
                digest.memory = try store.remember(digest, at: now, dryRun: true)
            } else {
                let (memory, commit) = try store.rememberCommittingLater(
                    digest, at: now, retention: config.retention, archiveLimit: config.archiveLimit)
                digest.memory = memory
                writes = StoreWrites(
                    store: store, commit: commit, retention: config.retention, now: now,
                    retentionUnread: config.retentionUnread)
                writes.hooks = hooks
                writes.mail = mail
                writes.markedRead = digest.ruleMarks.filter(\.value.markRead).map(\.key).sorted()
                writes.starred = digest.items.indices.compactMap { index in
                    digest.ruleMarks[digest.items[index].id]?.star == true ? digest.archiveEntry(at: index)?.id : nil
                }
            }
        } catch {
            // The items are fetched: show them, unmarked, rather than lose them to the store.
            StandardError.write("tributary: warning: \(StoreWrites.message(error))")
        }
        if let archive = ArchiveSelection(state: state, config: config, selection: options.source) {
            let archived = try archive.digest(replacing: digest, from: store, after: writes, previousRun: previousRun)
            var rows = state.dryRun ? StoreWrites.none : .rowsOnly(in: store)
            rows.hooks = writes.hooks  // the commit has held (`digest(replacing:)` waited for it)
            rows.mail = writes.mail
            return (archived, rows)
        }
        return (state.filter(previousRun: previousRun, now: now).apply(to: digest), writes)
    }

    /// Queues the run's new items for feeds.json's hooks, before the commit marks them seen
    /// (see `HookDelivery`); nil without hooks, or when the outbox cannot be written (a
    /// warning: the items stay new, and are queued by the next run).
    private func stageHooks(_ config: FeedsConfig, digest: Digest, store: StateStore, now: Date) -> HookDelivery? {
        guard !config.hooks.isEmpty else { return nil }
        do {
            // Their own transport: no cache, no recording of what is posted, and not replayed.
            let transport = CurlTransport(maxConnections: 4, maxConnectionsPerHost: 2, userAgent: HTTPClient.userAgent)
            let hooks = try HookDelivery(
                config: config, store: store, http: HTTPClient(transport: transport, timeout: config.timeout))
            try hooks.stage(digest, at: now)
            return hooks
        } catch {
            StandardError.write("tributary: warning: \(StoreWrites.message(error)) (the hooks are not run)")
            return nil
        }
    }

    /// Queues the run's new items for `--mail`, before the commit marks them seen (see
    /// `MailDelivery`); nil without `--mail`, or when the outbox cannot be written (a
    /// warning: the items stay new).
    private func stageMail(_ config: FeedsConfig, digest: Digest, store: StateStore, clock: RunClock) -> MailDelivery? {
        guard mailing, let settings = config.mail else { return nil }
        do {
            let mail = MailDelivery(
                settings: settings, store: store, transport: CurlMailTransport(), clock: clock,
                retention: config.retention)
            try mail.stage(digest, at: clock.now())
            return mail
        } catch {
            StandardError.write("tributary: warning: \(StoreWrites.message(error)) (the mail is not sent)")
            return nil
        }
    }

    /// The state store for this config file; nil with `--no-state`.
    func openStore() throws -> StateStore? {
        try state.open(config: configFile().path, environment: environment)
    }

    /// The host over `config`'s sources, keeping snapshots and full-text articles in `store`
    /// unless this is a dry run, and fetching in full when recording or replaying.
    func digestPipeline(
        _ config: FeedsConfig, using http: HTTPClient, store: StateStore?, thumbnails: ThumbnailFetcher? = nil
    ) -> DigestPipeline {
        var pipeline = DigestPipeline(
            config: config, registry: registry, http: http,
            reducer: DigestReducer(config: config, grep: options.grep, tags: options.tag),
            snapshots: state.dryRun ? nil : store,
            thumbnails: thumbnails
        )
        pipeline.fetchesIncrementally = options.replay == nil && options.record == nil
        // A dry run fetches pages but keeps nothing, so the next real run fetches them again.
        pipeline.articles = FullTextCompletion(memory: state.dryRun ? nil : store)
        return pipeline
    }

    /// The cache folder, or nil when replaying or with `--no-cache`.
    private var cacheFolder: URL? {
        options.replay != nil || options.noCache
            ? nil : CacheFolder.resolve(explicit: options.cacheDir, environment: environment)
    }

    private func transport(_ config: FeedsConfig) throws -> any HTTPTransport {
        if let replay = options.replay { return try ReplayTransport(folder: URL(fileURLWithPath: replay)) }
        var transport: any HTTPTransport = CurlTransport(
            maxConnections: DescriptorBudget.current.connections(requested: config.maxConnections),
            maxConnectionsPerHost: config.maxConnectionsPerHost,
            userAgent: HTTPClient.userAgent, allowPrivateRedirects: config.allowPrivateRedirects
        )
        if let cacheFolder {
            StaleTemporaryFiles.sweep(cacheFolder)  // what killed runs left there
            transport = try CachingTransport(cachingIn: cacheFolder, through: transport)
        }
        guard let record = options.record else { return transport }
        return try RecordingTransport(recordingTo: URL(fileURLWithPath: record), through: transport)
    }
}

/// Prints each source's status on standard error as it finishes.
struct ProgressReporter: Sendable {
    let quiet: Bool
    let verbose: Bool
    let line: StatusLine

    init(quiet: Bool, verbose: Bool, environment: [String: String]) {
        self.quiet = quiet
        self.verbose = verbose
        line = StatusLine(style: .forStream(isTTY: StandardError.isTTY, environment: environment))
    }

    func report(_ state: SourceState) {
        guard !quiet else { return }
        StandardError.write(line.render(state.status))
        guard verbose else { return }
        for diagnostic in state.status.diagnostics { StandardError.write("    \(state.status.id): \(diagnostic)") }
    }
}
