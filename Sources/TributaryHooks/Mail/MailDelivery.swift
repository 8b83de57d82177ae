import Foundation
import Tributary
import TributaryRendering
import TributaryState

/// Sends `digest --mail`'s message: the run's new items (and those a `notify` rule marked)
/// as one e-mail of the text digest and the HTML report, through the state store's outbox
/// as hooks are given theirs (`HookDelivery`).
///
/// `stage` queues the items under the mail's key before the run's commit marks them seen;
/// `deliver` sends everything that waits in one message and records it sent only once the
/// server took it. So a failed send, or a run killed at any point, loses nothing: the next
/// run's message carries the items too. A run killed after the server took the message and
/// before the record sends those items again.
public struct MailDelivery: Sendable {
    /// The outbox key the mail's rows are filed under, beside the hooks' names.
    static let key = "mail:digest"

    public let settings: MailSettings
    let store: StateStore
    let transport: any MailTransport
    let clock: RunClock

    /// How long sent and given-up rows are kept (feeds.json's `retention`, as the items themselves).
    let retention: Duration

    public init(
        settings: MailSettings, store: StateStore, transport: any MailTransport, clock: RunClock,
        retention: Duration = FeedsConfig.defaultRetention
    ) {
        self.settings = settings
        self.store = store
        self.transport = transport
        self.clock = clock
        self.retention = retention
    }

    /// Queues the items of `digest` the store has not seen, and those a `notify` rule
    /// marked, for the mail; call it before the run's commit. Returns how many items.
    @discardableResult
    public func stage(_ digest: Digest, at now: Date) throws -> Int {
        let memory = try store.remember(digest, at: now, dryRun: true)
        var remembered = digest
        remembered.memory = memory
        let items = remembered.items.indices.compactMap { index -> StateStore.QueuedItem? in
            let item = remembered.items[index]
            let memory = remembered.remembered(at: index)
            guard memory?.isNew == true || digest.ruleMarks[item.id]?.notify == true else { return nil }
            let line = MailItem(item: item, firstSeen: memory?.firstSeen ?? now).line
            return StateStore.QueuedItem(itemID: item.id, line: line)
        }
        try store.queue(items, forHooks: [Self.key], at: now)
        return items.count
    }

    /// What to mail and how.
    public struct Contents: Sendable {
        /// The digest as the run printed it: its title and sources head the message, and
        /// with `all` its items are the message's.
        public var shown: Digest
        /// Mail every item of `shown` rather than only what waits (`--all`).
        public var all = false
        /// Inline the thumbnails (`--embed-images`); nil links them.
        public var embedder: ImageEmbedder?

        public init(shown: Digest, all: Bool = false, embedder: ImageEmbedder? = nil) {
            self.shown = shown
            self.all = all
            self.embedder = embedder
        }
    }

    /// Sends what waits (or, with `all`, the shown digest) in one message, unless nothing
    /// waits and `sendEmpty` is off; records the items sent, or the failure.
    public func deliver(_ contents: Contents) async -> MailReport {
        let lock = DeliveryLock.take(beside: store.path, name: "mail")
        if case .busy = lock { return .busy }
        defer { withExtendedLifetime(lock) {} }
        let waiting: [StateStore.QueuedItem]
        do {
            waiting = try store.queued(forHook: Self.key)
        } catch {
            return .failed(reason: Self.message(error), waiting: 0, givenUp: 0)
        }
        if waiting.isEmpty && !settings.sendEmpty { return .nothingNew }
        let digest = contents.all ? contents.shown : Self.digest(of: waiting, like: contents.shown, at: clock.now())
        let message: MailMessage
        do {
            message = try await compose(digest, newCount: waiting.count, embedder: contents.embedder)
        } catch {
            return .failed(reason: Self.message(error), waiting: waiting.count, givenUp: 0)
        }
        // With --all, the waiting items not in the message go on waiting.
        let sentIDs = contents.all ? Set(digest.items.map(\.id)) : nil
        let covered = waiting.map(\.itemID).filter { sentIDs?.contains($0) ?? true }
        return await send(message, covering: covered, itemCount: digest.items.count)
    }

    private func send(_ message: MailMessage, covering ids: [String], itemCount: Int) async -> MailReport {
        let now = clock.now()
        do {
            try await transport.send(message.bytes, with: settings)
        } catch {
            let reason = Self.message(error)
            let givenUp = (try? store.markFailed(ids, toHook: Self.key, retries: settings.retries, at: now)) ?? 0
            return .failed(reason: reason, waiting: ids.count, givenUp: givenUp)
        }
        do {
            try store.markDelivered(ids, toHook: Self.key, at: now)
        } catch {
            return .failed(
                reason: "sent, but not recorded (\(Self.message(error))); the next run sends these items again",
                waiting: ids.count, givenUp: 0)
        }
        try? store.pruneHookDeliveries(olderThan: retention, now: now)
        return .sent(items: itemCount)
    }

    /// The message of `digest`: its text digest without colour and its HTML report.
    private func compose(_ digest: Digest, newCount: Int, embedder: ImageEmbedder?) async throws -> MailMessage {
        let text = TextRenderer(style: TerminalStyle(isEnabled: false), width: nil).render(digest)
        let images = await embedder?.embed(digest) ?? .linked
        let html = try HTMLReportRenderer().renderMessage(digest, images: images)
        let subject = settings.subject ?? "\(digest.title): \(Plural.count(newCount, "new item"))"
        return MailMessage(
            from: settings.from, to: settings.to, subject: TextCleanup.singleLine(subject), date: clock.now(),
            text: text, html: html)
    }

    /// A digest of the waiting items, each marked new, under `shown`'s title and sources.
    static func digest(of waiting: [StateStore.QueuedItem], like shown: Digest, at now: Date) -> Digest {
        let items = waiting.compactMap { MailItem(line: $0.line) }
        var digest = Digest(
            title: shown.title, generatedAt: now, sources: shown.sources, items: items.map(\.item))
        let firstSeen = Dictionary(items.map { ($0.item.id, $0.firstSeen) }) { first, _ in first }
        digest.memory = DigestMemory(digest.items) { item in
            ItemMemory(firstSeen: firstSeen[item.id] ?? now, isNew: true, isRead: false)
        }
        return digest
    }

    static func message(_ error: any Error) -> String {
        (error as? TributaryError)?.message ?? "\(error)"
    }
}
