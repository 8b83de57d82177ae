import Foundation
import Tributary
import TributaryState

/// Gives each hook of a config the run's new items, once, through the state store's outbox.
///
/// `stage` queues the items for every hook before the run's commit marks them seen, so a
/// run killed at any point loses none: queued again by the next run (where they are new
/// again), they are kept once. `deliver` then sends each hook what waits for it, batch by
/// batch, recording each batch it took at once, so an item a hook acknowledged is never
/// sent to it again; a batch it failed waits for the next run, `retries` times at most. A
/// hook killed between taking a batch and its record gets that batch again: receivers
/// that must not see an item twice can go by its `id`.
public struct HookDelivery: Sendable {
    public let hooks: [Hook]
    let store: StateStore
    /// The client webhooks are POSTed with: its clock times the backoff.
    let http: HTTPClient
    let title: String
    let retention: Duration
    private let templates: [String: WebhookTemplate]

    /// Throws an `invalidConfiguration` error naming the hook when a template is not Mustache.
    public init(config: FeedsConfig, store: StateStore, http: HTTPClient) throws {
        hooks = config.hooks
        self.store = store
        self.http = http
        title = config.title
        retention = config.retention
        templates = try Self.templates(of: config.hooks)
    }

    /// Checks the hooks' templates, as `init` does, without a store.
    public static func check(_ hooks: [Hook]) throws {
        _ = try templates(of: hooks)
    }

    /// Queues the items of `digest` the store has not seen (and those a `notify` rule
    /// marked) for every hook; call it before the run's commit. Returns how many items.
    @discardableResult
    public func stage(_ digest: Digest, at now: Date) throws -> Int {
        guard !hooks.isEmpty else { return 0 }
        let memory = try store.remember(digest, at: now, dryRun: true)
        let items = HookItems.queued(from: digest, memory: memory)
        try store.queue(items, forHooks: hooks.map(\.key), at: now)
        return items.count
    }

    /// Sends each hook what waits for it, one hook after the other, and says how each went.
    /// While another run is delivering (`DeliveryLock`), nothing is sent: the items wait.
    public func deliver() async -> [HookReport] {
        let lock = DeliveryLock.take(beside: store.path)
        if case .busy = lock {
            return hooks.map { hook in
                var report = HookReport(hook: hook.name)
                report.failure = "another run is giving the hooks their items; this run's wait for the next"
                return report
            }
        }
        var reports: [HookReport] = []
        for hook in hooks {
            reports.append(await deliver(to: hook))
        }
        try? store.pruneHookDeliveries(olderThan: retention, now: http.clock.now())
        withExtendedLifetime(lock) {}
        return reports
    }

    private func deliver(to hook: Hook) async -> HookReport {
        var report = HookReport(hook: hook.name)
        let waiting: [StateStore.QueuedItem]
        do {
            waiting = try store.queued(forHook: hook.key)
        } catch {
            report.failure = (error as? TributaryError)?.message ?? "\(error)"
            return report
        }
        var rest = waiting[...]
        for batch in batches(waiting, for: hook) {
            let outcome = await send(batch.map(\.line), to: hook)
            report.diagnostics += outcome.diagnostics
            let ids = batch.map(\.itemID)
            let now = http.clock.now()
            do {
                if let failure = outcome.failure {
                    report.failure = failure
                    report.waiting = rest.count
                    report.givenUp = try store.markFailed(
                        rest.map(\.itemID), toHook: hook.key, retries: hook.retries, at: now)
                    return report
                }
                try store.markDelivered(ids, toHook: hook.key, at: now)
            } catch {
                report.failure = (error as? TributaryError)?.message ?? "\(error)"
                return report
            }
            report.delivered += ids.count
            rest = rest.dropFirst(ids.count)
        }
        return report
    }

    private func batches(_ items: [StateStore.QueuedItem], for hook: Hook) -> [ArraySlice<StateStore.QueuedItem>] {
        switch hook.target {
        case .exec:
            var start = 0
            return ExecHookRunner.batches(items.map(\.line)).map { lines in
                defer { start += lines.count }
                return items[start..<start + lines.count]
            }
        case .webhook:
            return stride(from: 0, to: items.count, by: WebhookSender.maxBatchCount).map {
                items[$0..<min($0 + WebhookSender.maxBatchCount, items.count)]
            }
        }
    }

    private func send(_ lines: [String], to hook: Hook) async -> DeliveryOutcome {
        switch hook.target {
        case .exec(let arguments):
            return await ExecHookRunner(hook: hook, arguments: arguments).deliver(lines)
        case .webhook(let url):
            let run = HookRun(title: title, hook: hook.name, at: http.clock.now())
            // The hook's own deadline for each request, on the run's transport, holds and clock.
            let client = HTTPClient(
                transport: http.transport, limits: http.limits, timeout: hook.timeout, gate: http.gate,
                clock: http.clock)
            return await WebhookSender(hook: hook, url: url, http: client, template: templates[hook.key])
                .deliver(lines, run: run)
        }
    }

    private static func templates(of hooks: [Hook]) throws -> [String: WebhookTemplate] {
        var templates: [String: WebhookTemplate] = [:]
        for hook in hooks {
            guard let text = hook.template else { continue }
            do {
                templates[hook.key] = try WebhookTemplate(text)
            } catch {
                throw TributaryError(.invalidConfiguration, "\(hook.path).template: \(error.message)")
            }
        }
        return templates
    }
}
