import Foundation
import Tributary
import TributaryState

/// `--unread` and `--starred`: a digest of the archive's items instead of the sources'
/// current windows, so that an item that left its source's window is still shown.
struct ArchiveSelection {
    let state: StateOptions
    let sources: [String]
    let limit: Int?

    /// The selection the flags ask for, over `config`'s sources (the `--source` ones when
    /// given); nil when neither flag is set.
    init?(state: StateOptions, config: FeedsConfig, selection: [String]) {
        guard state.unread || state.starred else { return nil }
        self.state = state
        sources = selection.isEmpty ? config.sources.map(\.id) : selection
        limit = config.limit
    }

    /// The archive's selected items, newest first, with `digest`'s title and source
    /// statuses, once this run's items are committed (`writes`); `--new` and `--since`
    /// apply as to a window.
    func digest(
        replacing digest: Digest, from store: StateStore, after writes: StoreWrites, previousRun: Date?
    ) throws -> Digest {
        writes.finish()
        let now = writes.arePending ? writes.now : digest.generatedAt
        // `--new` and `--since` narrow what is read, so the limit is taken after them.
        let narrows = state.new || state.since != nil
        let query = StateStore.ArchiveQuery(
            sources: sources, unreadOnly: state.unread, starredOnly: state.starred, limit: narrows ? nil : limit)
        let archived = try ExitCodes.reportingStateFailures { try store.archived(query, now: now) }
        let all = Digest(
            archived: archived, title: digest.title, generatedAt: digest.generatedAt, sources: digest.sources)
        var filter = state
        filter.unread = false
        var shown = filter.filter(previousRun: previousRun, now: now).apply(to: all)
        if let limit, shown.items.count > limit { shown.items = Array(shown.items.prefix(limit)) }
        return shown
    }
}
