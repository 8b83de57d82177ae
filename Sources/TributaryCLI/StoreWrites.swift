import Foundation
import Tributary
import TributaryHooks
import TributaryState

/// The state store's writes of a run, still under way when its digest is drawn: the
/// commit of its items and outcomes, then retention's prune. Nothing of the digest may be
/// shown before `finish()` has returned: a run killed before its commit must have shown
/// nothing, or its items would come back as new.
struct StoreWrites {
    /// No store (`--no-state`, a dry run, or a store that already failed): nothing to wait for.
    static let none = StoreWrites(store: nil, commit: nil, retention: .zero, now: Date())

    let store: StateStore?
    let commit: PendingCommit?
    let retention: Duration
    let now: Date
    /// The items a `markRead` rule marked, by id: marked read once the commit holds them.
    var markedRead: [String] = []
    /// The archive entries a `star` rule starred: starred once the commit holds them.
    var starred: [Int] = []
    /// How long the archive keeps unread items (feeds.json's `retentionUnread`).
    var retentionUnread = FeedsConfig.defaultRetentionUnread
    /// The item ids of the digest as it is printed with row numbers (the text format), kept
    /// so that `mark-read 3 5-9` can name them; nil when the output numbers no rows.
    var rows: [String]?
    /// feeds.json's hooks, the run's items queued for them: given them by `deliverHooks()`.
    var hooks: HookDelivery?
    /// `--mail`: the run's new items queued for the message `deliverMail(_:)` sends.
    var mail: MailDelivery?

    /// Only the numbered rows to keep: a digest of the archive (`--unread`, `--starred`)
    /// commits nothing else.
    static func rowsOnly(in store: StateStore) -> StoreWrites {
        StoreWrites(store: store, commit: nil, retention: .zero, now: Date())
    }

    /// Whether there is anything to wait for (or, for the rows alone, to do before the digest shows).
    var arePending: Bool { commit != nil || (store != nil && rows != nil) }

    /// Whether the commit has ended, so that `finish()` waits for nothing but the prune.
    var commitHasEnded: Bool { commit?.hasEnded ?? true }

    /// Waits for the commit, then prunes and checkpoints, and keeps the numbered rows. A store
    /// that fails costs a warning, not the digest: its items are fetched, so they are shown,
    /// and will be new again next time.
    func finish() {
        guard let store else { return }
        do {
            if let commit {
                try commit.wait()
                if !markedRead.isEmpty { try store.markRead(.init(itemIDs: markedRead), at: now) }
                if !starred.isEmpty { try store.star(starred, starred: true, at: now) }
                try store.prune(olderThan: retention, unreadRetention: retentionUnread, now: now)
            }
            if let rows { try store.saveRows(rows, at: now) }
            if commit != nil { try store.checkpoint() }
        } catch {
            let message = StoreWrites.message(error)
            StandardError.write("tributary: warning: \(message) (this run's items are not remembered)")
        }
    }

    /// Gives the hooks what waits for them, once the commit has held; a failing hook costs
    /// a warning (and its diagnostics), never the run's exit status.
    func deliverHooks() async {
        guard let hooks else { return }
        if let commit, (try? commit.wait()) == nil { return }
        for report in await hooks.deliver() {
            for line in report.diagnostics { StandardError.write("    hook \(report.hook): \(line)") }
            if let warning = report.warning { StandardError.write("tributary: warning: \(warning)") }
        }
    }

    /// Sends the mail once the commit has held; nil without `--mail`. A commit that failed
    /// sends nothing: the items are still new, and the next run queues them again.
    func deliverMail(_ contents: MailDelivery.Contents) async -> MailReport? {
        guard let mail else { return nil }
        if let commit, (try? commit.wait()) == nil {
            return .failed(reason: "the state store did not record this run", waiting: 0, givenUp: 0)
        }
        return await mail.deliver(contents)
    }

    static func message(_ error: any Error) -> String {
        (error as? TributaryError)?.message ?? "\(error)"
    }
}
