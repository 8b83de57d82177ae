import Foundation
import Tributary
import TributaryState

/// What a live view remembers of the items it shows, through the state store: an item
/// is new when no earlier run (or earlier moment of this one) showed it, and stays
/// marked new for the rest of this run; marking it read is kept in the store.
public final class LiveMemory: Sendable {
    /// The store it reads and writes; the sync APIs read the archive from it.
    public let store: StateStore
    /// What this run has learnt of each item, by source and id.
    private let known = Locked<[String: ItemMemory]>([:])
    /// When each source's answer last recorded in the store came, by source id.
    private let recordedAnswers = Locked<[String: Date]>([:])
    /// Each item's archive entry, by source and id.
    private let entries = Locked<[String: ArchiveEntry]>([:])
    /// Told when the store cannot be read or written; the items are shown unmarked.
    private let warn: @Sendable (String) -> Void
    /// The store's `data_version` when it was last looked at (nil: not yet).
    private let seenVersion = Locked<Int?>(nil)

    public init(store: StateStore, warn: @escaping @Sendable (String) -> Void) {
        self.store = store
        self.warn = warn
    }

    /// The memory of `items`; those not seen before in this run are recorded in the store.
    func recall(_ items: [FeedItem], at now: Date) -> DigestMemory {
        let unseen = known.withLock { known in items.filter { known[Self.key($0)] == nil } }
        if !unseen.isEmpty { record(unseen, at: now) }
        let memories = known.withLock { known in items.map { known[Self.key($0)] } }
        let archived = entries.withLock { entries in items.map { entries[Self.key($0)] } }
        return DigestMemory(idHashes: items.map(\.idHash), memories: memories, entries: archived)
    }

    /// Records in the store the outcome of each source in `states` that answered since the
    /// last call, with how many of its items in `digest` are new, so that `tributary state`
    /// tells how `watch` and `serve` went.
    func recordOutcomes(_ states: [LiveSourceState], of digest: Digest, at now: Date) {
        let answered = recordedAnswers.withLock { recorded in
            states.filter { state in
                guard let at = state.refreshedAt, state.status.state != .pending, recorded[state.status.id] != at
                else { return false }
                recorded[state.status.id] = at
                return true
            }
        }
        guard !answered.isEmpty else { return }
        var newBySource: [String: Int] = [:]
        for (position, item) in digest.items.enumerated()
        where digest.memory?.memory(at: position, idHash: item.idHash)?.isNew == true {
            newBySource[item.source, default: 0] += 1
        }
        let run = Digest(
            title: digest.title, generatedAt: now, sources: answered.map(\.status), items: [])
        do {
            try store.recordOutcomes(of: run, newBySource: newBySource, at: now)
        } catch {
            warn("the state store: \(error)")
        }
    }

    /// Stars (or unstars) the archive's entries `ids`; returns how many changed and the
    /// ids the archive does not hold.
    public func star(_ ids: [Int], starred: Bool, at now: Date) throws -> (changed: Int, unknown: [Int]) {
        let marking = try store.star(ids, starred: starred, at: now)
        let changed = Set(ids)
        entries.withLock { entries in
            for (key, entry) in entries where changed.contains(entry.id) {
                entries[key] = ArchiveEntry(id: entry.id, isStarred: starred)
            }
        }
        return (marking.changed, marking.unknownIDs)
    }

    /// A digest of the archive's items of `sources` that match (`matching`: an FTS5 query;
    /// unread or starred only), newest first, at most `limit`, with `digest`'s title and
    /// statuses. A query FTS5 cannot read throws a `TributaryError` (`.invalidConfiguration`).
    public func archive(
        of sources: [String], matching: String?, unreadOnly: Bool, starredOnly: Bool, limit: Int,
        beside digest: Digest, at now: Date
    ) throws -> Digest {
        let query = StateStore.ArchiveQuery(
            sources: sources, unreadOnly: unreadOnly, starredOnly: starredOnly, matching: matching, limit: limit)
        return Digest(
            archived: try store.archived(query, now: now), title: digest.title, generatedAt: now,
            sources: digest.sources)
    }

    /// Marks the items with these ids read (or, with `read` false, unread); returns how many
    /// changed and the ids the store does not hold.
    public func mark(_ ids: [String], read: Bool, at now: Date) throws -> (marked: Int, unknown: [String]) {
        let selection = StateStore.ReadSelection(itemIDs: ids)
        let marking = read ? try store.markRead(selection, at: now) : try store.markUnread(selection)
        let marked = Set(ids)
        known.withLock { known in
            for (key, memory) in known where marked.contains(Self.id(inKey: key)) {
                known[key] = ItemMemory(firstSeen: memory.firstSeen, isNew: memory.isNew, isRead: read)
            }
        }
        return (marking.marked, marking.unknownItemIDs)
    }

    /// Marks every item of these sources read (only those first seen before `olderThan`,
    /// when given); returns how many changed.
    public func markRead(sources: [String], olderThan: Date? = nil, at now: Date) throws -> Int {
        let selection = StateStore.ReadSelection(sources: sources, firstSeenBefore: olderThan)
        let marking = try store.markRead(selection, at: now)
        let chosen = Set(sources)
        let before = olderThan ?? .distantFuture
        known.withLock { known in
            for (key, memory) in known where chosen.contains(Self.source(inKey: key)) && memory.firstSeen < before {
                known[key] = ItemMemory(firstSeen: memory.firstSeen, isNew: memory.isNew, isRead: true)
            }
        }
        return marking.marked
    }

    /// Whether another process has written to the store since the last look (the first
    /// look only notes the version).
    func storeChangedElsewhere() -> Bool {
        guard let version = try? store.dataVersion() else { return false }
        return seenVersion.withLock { seen in
            defer { seen = version }
            return seen.map { $0 != version } ?? false
        }
    }

    /// Reads again, writing nothing, the read and starred state of `items` that this run
    /// has already recorded, so that a `mark-read` or `star` made elsewhere shows; whether
    /// an item is new stays as this run first saw it.
    func reread(_ items: [FeedItem], at now: Date) {
        let digest = Digest(title: "", generatedAt: now, sources: [], items: items)
        do {
            let memory = try store.remember(digest, at: now, dryRun: true)
            known.withLock { known in
                for (position, item) in items.enumerated() {
                    guard let old = known[Self.key(item)], let stored = memory.memory(at: position, idHash: item.idHash)
                    else { continue }
                    known[Self.key(item)] = ItemMemory(
                        firstSeen: old.firstSeen, isNew: old.isNew, isRead: stored.isRead)
                }
            }
            entries.withLock { entries in
                for (position, item) in items.enumerated() {
                    guard entries[Self.key(item)] != nil, let entry = memory.entry(at: position, idHash: item.idHash)
                    else { continue }
                    entries[Self.key(item)] = entry
                }
            }
        } catch {
            warn("the state store: \(error)")
        }
    }

    private func record(_ items: [FeedItem], at now: Date) {
        let digest = Digest(title: "", generatedAt: now, sources: [], items: items)
        do {
            let memory = try store.remember(digest, at: now)
            known.withLock { known in
                for (position, item) in items.enumerated() {
                    known[Self.key(item)] = memory.memory(at: position, idHash: item.idHash)
                }
            }
            entries.withLock { entries in
                for (position, item) in items.enumerated() {
                    entries[Self.key(item)] = memory.entry(at: position, idHash: item.idHash)
                }
            }
        } catch {
            warn("the state store: \(error)")
        }
    }

    private static func key(_ item: FeedItem) -> String { item.source + "\u{1F}" + item.id }
    private static func id(inKey key: String) -> String { String(key.split(separator: "\u{1F}").last ?? "") }
    private static func source(inKey key: String) -> String { String(key.split(separator: "\u{1F}").first ?? "") }
}
