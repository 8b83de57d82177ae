import Foundation

/// Runs one feeds.json entry: builds its source, subscribes to its signal with the
/// host's deadline and retry policy, and turns whatever happens into `SourceState`s.
/// Its signal never fails: a failing source becomes a `failed` state. A `DigestPipeline`
/// makes one per entry (`runner(for:)`), for its own run or for a host that runs each
/// entry on its own timer (the live pipeline).
public struct SourceRunner: Sendable {
    public let entry: SourceEntry
    let type: SourceType
    /// The run's client with this entry's deadline and request defaults.
    let http: HTTPClient
    let retry: RetryPolicy
    /// The whole source's deadline, retries included (none for a source that enforces its own).
    let deadline: Duration
    /// Where the last good items are kept for stale-if-error; nil: not kept.
    let snapshots: (any SnapshotKeeper)?
    /// Handed to sources when the run embeds images.
    let thumbnails: ThumbnailFetcher?
    /// Sources run through it, so only so many run at once; the rest wait, pending.
    let gate: RunGate
    /// The run's time: deadlines, retry waits and snapshot times.
    let clock: RunClock
    /// The run's tally of items waiting for its other sources (250,000 for 5,000 feeds);
    /// beyond its threshold a source's items are packed once sanitised (`FeedItem.pack()`).
    var waitingItems: WaitingItems?
    /// Fetches the items' articles once the source has finished (entries with `fullText`).
    var articles: (any ArticleCompletion)?
    /// Whether the source is handed its stored cursor and leaves a new one (see `DigestPipeline`'s).
    var fetchesIncrementally = true
    /// Whether the entry's `include` and `exclude` rules drop items here, before its `limit`.
    var appliesEntryFilters = true

    /// The source's states: pending, then its snapshots, ending with a final one, which
    /// is also handed to `onFinal` as it is sent (the host's progress report).
    public func states(onFinal: @escaping @Sendable (SourceState) -> Void = { _ in }) -> Signal<SourceState> {
        Signal { subscriber in
            let report = Subscriber<SourceState> { state in
                subscriber.send(state)
                if state.isFinal { onFinal(state) }
            }
            guard entry.isEnabled else { return report.send(finished(.skipped, message: "disabled in feeds.json")) }
            let source: any FeedSource
            do {
                source = try type.make(entry)
            } catch {
                return report.send(failed(error, partial: nil))
            }
            report.send(SourceState(status: status(.pending), isFinal: false))
            try await gate.run { try await run(source, sendingTo: report) }
        }
    }

    /// Runs the source to its end and returns its final state; throws only when cancelled.
    public func run() async throws -> SourceState {
        var final: SourceState?
        for try await state in states() where state.isFinal { final = state }
        try Task.checkCancellation()
        guard let final else { throw CancellationError() }
        return final
    }

    /// Runs the source to its end, sending its states, the final one with how long it
    /// took; its deadline starts here, not while it waited at the gate.
    private func run(_ source: any FeedSource, sendingTo report: Subscriber<SourceState>) async throws {
        let clock = clock
        let started = clock.now()
        let subscriber = Subscriber<SourceState> { state in
            var state = state
            if state.isFinal { state.status.duration = .seconds(clock.now().timeIntervalSince(started)) }
            report.send(state)
        }
        var latest: SourceState?
        for try await var event in updates(from: source).materialize() {
            if var update = event.takeValue() {  // the items' only reference: sanitised in place
                latest = state(from: &update, isFinal: false)
                subscriber.send(latest!)
                continue
            }
            switch event {
            case .value: continue  // taken above
            case .completed:
                var nothing = SourceUpdate(items: [])
                var final = latest ?? state(from: &nothing, isFinal: true)
                final.isFinal = true
                final.status.state = .ok
                if let articles {
                    let completed = await articles.complete(final.items, of: entry, using: pageClient)
                    final.items = completed.items
                    final.status.diagnostics += completed.diagnostics
                    final.status.message = [final.status.message, completed.note].compactMap { $0 }.joined(
                        separator: " · ")
                }
                subscriber.send(final)
                // Saved while the host reduces.
                snapshots?.save(Array(final.items.prefix(snapshotSize)), for: entry.id, at: clock.now())
            case .failed(let error):
                subscriber.send(failed(error, partial: latest?.items))
            }
        }
    }

    /// The client for article pages: the entry's deadline and `User-Agent`, but none of its
    /// headers or credentials, which are for its own server, not for every site it links to.
    private var pageClient: HTTPClient {
        var headers: [String: String] = [:]
        if let agent = entry.common.userAgent { headers["User-Agent"] = agent }
        return http.with(deadline: http.timeout, defaults: RequestDefaults(headers: headers))
    }

    private func updates(from source: any FeedSource) -> Signal<SourceUpdate> {
        let context = SourceContext(
            sourceID: entry.id, http: http, now: clock.now,
            thumbnails: thumbnails,
            cursor: fetchesIncrementally ? snapshots?.cursor(for: entry.id) : nil
        )
        let clock = clock
        let started = clock.now()
        let total = deadline.seconds
        let policy = retry
        let retried = source.signal(in: context)
            .retry(maxAttempts: policy.maxAttempts, clock: clock.clock) { error, attempt in
                let now = clock.now()
                return policy.delay(
                    after: error, attempt: attempt, remaining: total - now.timeIntervalSince(started), now: now)
            }
        guard !Swift.type(of: source).enforcesOwnDeadline else { return retried }
        return retried.timeout(after: deadline, clock: clock.clock)
    }

    /// The state a snapshot makes, its items taken out of `update` so that, when
    /// nothing else holds them, they are sanitised in place rather than copied.
    private func state(from update: inout SourceUpdate, isFinal: Bool) -> SourceState {
        let sanitizer = ItemSanitizer(entry: entry)
        var items = update.items
        update.items = []
        let limit = entry.limit.flatMap { $0 > 0 ? $0 : nil }
        let filters =
            appliesEntryFilters ? RuleBook(topLevel: KeywordRules.rules(of: entry.common, at: entry.id)) : .none
        let trimsEarly = filters.isEmpty && !update.isIncremental
        if let limit, trimsEarly, items.count > limit { items.removeLast(items.count - limit) }  // before the work
        let packs = waitingItems?.add(items.count) ?? false
        let secrets = http.sentSecrets.scrubber
        ParallelWork.update(&items) { item in
            if !secrets.isEmpty { Self.scrub(&item, of: secrets) }
            sanitizer.sanitize(&item)
            if packs { item.pack() }
        }
        if !filters.isEmpty {  // on the sanitised items, so the entry's own tags match too
            let now = clock.now()
            items.removeAll { filters.verdict(for: $0, now: now, namingMatches: false).isDropped }
            if let limit, !update.isIncremental, items.count > limit { items.removeLast(items.count - limit) }
        }
        if update.isIncremental {
            items += earlierItems(than: items)
            if let limit, items.count > limit { items.removeLast(items.count - limit) }
        }
        var status = status(isFinal ? .ok : .pending)
        status.cursor = fetchesIncrementally ? update.cursor : nil
        status.itemCount = items.count
        // Notes and diagnostics often quote upstream text (quota messages, plugin notes).
        status.message =
            update.notes.isEmpty ? nil : TextCleanup.messageText(secrets.scrub(update.notes.joined(separator: " · ")))
        status.diagnostics = update.diagnostics.map { TextCleanup.messageText(secrets.scrub($0)) }
        return SourceState(status: status, items: items, isFinal: isFinal)
    }

    /// The item's text without the secrets the run sent, should upstream have quoted one.
    private static func scrub(_ item: inout FeedItem, of secrets: SecretScrubber) {
        if let title = secrets.scrubbedIfNeeded(item.title) { item.title = title }
        if let summary = item.summary.flatMap(secrets.scrubbedIfNeeded) { item.summary = summary }
        if let author = item.author.flatMap(secrets.scrubbedIfNeeded) { item.author = author }
    }

    /// How many of a source's items its stale-if-error snapshot keeps: its first 1,000, or
    /// its `limit` when that is larger. Enough for what a failed source falls back to, and
    /// a 100,000-item feed no longer writes all its items to the store on every run (that
    /// doubled the CPU time of the benchmark's 100,000-item digest).
    private var snapshotSize: Int {
        max(1_000, entry.limit ?? 0)
    }

    /// The last snapshot's items not among `fresh`: behind an incremental update's new items.
    private func earlierItems(than fresh: [FeedItem]) -> [FeedItem] {
        guard let previous = snapshots?.load(for: entry.id)?.items else { return [] }
        let ids = Set(fresh.map(\.id))
        return previous.filter { !ids.contains($0.id) }
    }

    private func failed(_ error: any Error, partial: [FeedItem]?) -> SourceState {
        let failure = describe(error)
        var state = finished(
            failure.code == .skipped ? .skipped : .failed, message: failure.message, code: failure.code)
        if let partial {
            state.items = partial
        } else if failure.code != .skipped, let stale = snapshots?.load(for: entry.id) {
            state.items = stale.items
            state.status.message =
                "stale since \(ClockTime.format(stale.savedAt, now: clock.now())): \(failure.message)"
        }
        state.status.itemCount = state.items.count
        return state
    }

    private func describe(_ error: any Error) -> TributaryError {
        switch error {
        case let error as TributaryError:
            var message = http.sentSecrets.scrubber.scrub(error.description)
            if error.code == .rateLimited, let until = error.retryAfter, !message.contains("until") {
                message += "; rate limited until \(ClockTime.format(until, now: clock.now()))"
            }
            return TributaryError(error.code, message)
        case let timeout as SignalTimeoutError:
            return TributaryError(.timeout, "timed out after \(ClockTime.seconds(timeout.after)) s")
        default:
            return TributaryError(.badResponse, http.sentSecrets.scrubber.scrub(String(describing: error)))
        }
    }

    private func finished(_ state: SourceStatus.State, message: String, code: TributaryError.Code? = nil) -> SourceState
    {
        var status = status(state)
        status.message = message
        status.errorCode = state == .failed ? code : nil
        return SourceState(status: status, isFinal: true)
    }

    private func status(_ state: SourceStatus.State) -> SourceStatus {
        SourceStatus(id: entry.id, type: entry.type, title: entry.title, state: state)
    }
}
