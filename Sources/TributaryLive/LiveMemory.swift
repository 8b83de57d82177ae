import Foundation
import Tributary
import TributaryState

/// What a live view remembers of the items it shows, through the state store: an item
/// is new when no earlier run (or earlier moment of this one) showed it, and stays
/// marked new for the rest of this run; marking it read is kept in the store.
public final class LiveMemory: Sendable {
    private let store: StateStore
    /// What this run has learnt of each item, by source and id.
    private let known = Locked<[String: ItemMemory]>([:])
    /// Told when the store cannot be read or written; the items are shown unmarked.
    private let warn: @Sendable (String) -> Void

    public init(store: StateStore, warn: @escaping @Sendable (String) -> Void) {
        self.store = store
        self.warn = warn
    }

    /// The memory of `items`; those not seen before in this run are recorded in the store.
    func recall(_ items: [FeedItem], at now: Date) -> DigestMemory {
        let unseen = known.withLock { known in items.filter { known[Self.key($0)] == nil } }
        if !unseen.isEmpty { record(unseen, at: now) }
        return known.withLock { known in
            DigestMemory(items) { known[Self.key($0)] }
        }
    }

    /// Marks the items with these ids read; returns how many were unread.
    public func markRead(_ ids: [String], at now: Date) throws -> Int {
        let count = try store.markRead(StateStore.ReadSelection(itemIDs: ids), at: now).marked
        let marked = Set(ids)
        known.withLock { known in
            for (key, memory) in known where marked.contains(Self.id(inKey: key)) {
                known[key] = ItemMemory(firstSeen: memory.firstSeen, isNew: memory.isNew, isRead: true)
            }
        }
        return count
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
        } catch {
            warn("the state store: \(error)")
        }
    }

    private static func key(_ item: FeedItem) -> String { item.source + "\u{1F}" + item.id }
    private static func id(inKey key: String) -> String { String(key.split(separator: "\u{1F}").last ?? "") }
}
