import Foundation
import Synchronization

/// What the state store remembers of one shown item.
public struct ItemMemory: Sendable, Equatable {
    /// When a run of this config first showed the item.
    public var firstSeen: Date
    /// True when no earlier run of this config showed it.
    public var isNew: Bool
    /// True when the item was marked read (`tributary mark-read`, or the live views).
    public var isRead: Bool

    public init(firstSeen: Date, isNew: Bool, isRead: Bool) {
        self.firstSeen = firstSeen
        self.isNew = isNew
        self.isRead = isRead
    }
}

/// What the state store remembers of a digest's items, in the digest's order: renderers
/// read it by position (`Digest.remembered(at:)`), and the `--new`, `--since` and
/// `--unread` filters with it. A memory read by the item instead, or for a digest whose
/// items moved, is found by the item's id hash (`FeedItem.idHash`, which the state store
/// keys its records by too) in a table made on that first lookup.
///
/// By position, not a table by id hash from the start: making that table and hashing
/// each id again to read it cost a run more (`docs/design/performance.md`). Two ids of
/// one digest sharing a hash (odds about 1 in 3×10⁹ at
/// 100,000 items) share the first one's memory, as they would share their store record.
public struct DigestMemory: Sendable {
    /// The id hash of each item the memory is for, in order.
    private let idHashes: [UInt64]
    private let memories: [ItemMemory?]
    /// Each item's archive entry, in the same order; empty when the store gave none.
    private let entries: [ArchiveEntry?]
    private let byHash = HashPositions()

    public init() {
        self.init(idHashes: [], memories: [])
    }

    /// `memories[i]` for the item at position `i` of its digest, whose id hash is `idHashes[i]`.
    public init(idHashes: [UInt64], memories: [ItemMemory?], entries: [ArchiveEntry?] = []) {
        precondition(idHashes.count == memories.count, "one memory, or nil, per id hash")
        precondition(entries.isEmpty || entries.count == memories.count, "one entry, or nil, per id hash")
        self.idHashes = idHashes
        self.memories = memories
        self.entries = entries
    }

    /// The memory of `items`, in their order: `remembered(item)` of each.
    public init(_ items: [FeedItem], _ remembered: (FeedItem) -> ItemMemory?) {
        self.init(idHashes: items.map(\.idHash), memories: items.map(remembered))
    }

    /// The memory of the item at `position` of the digest, whose id hash is `idHash`: by
    /// position while the digest's items are in the order the memory was made for, else
    /// by the hash.
    public func memory(at position: Int, idHash: UInt64) -> ItemMemory? {
        if position < idHashes.count, idHashes[position] == idHash { return memories[position] }
        return memory(idHash: idHash)
    }

    /// The archive entry of the item at `position` of the digest, found as `memory(at:idHash:)`.
    public func entry(at position: Int, idHash: UInt64) -> ArchiveEntry? {
        guard !entries.isEmpty else { return nil }
        if position < idHashes.count, idHashes[position] == idHash { return entries[position] }
        return byHash.position(of: idHash, in: idHashes).flatMap { entries[$0] }
    }

    /// The memory of `item`, by its id hash (for a caller that has no position).
    public subscript(item: FeedItem) -> ItemMemory? {
        memory(idHash: item.idHash)
    }

    private func memory(idHash: UInt64) -> ItemMemory? {
        byHash.position(of: idHash, in: idHashes).flatMap { memories[$0] }
    }

    /// The memory of the items at `positions`, in that order: for a digest narrowed to them.
    func keeping(_ positions: [Int]) -> DigestMemory {
        DigestMemory(
            idHashes: positions.map { idHashes[$0] }, memories: positions.map { memories[$0] },
            entries: entries.isEmpty ? [] : positions.map { entries[$0] })
    }
}

/// Each id hash's first position, made on the first lookup by hash; the lookups of a
/// parallel render may come from several threads.
private final class HashPositions: Sendable {
    private let table = Mutex<[UInt64: Int]?>(nil)

    func position(of hash: UInt64, in hashes: [UInt64]) -> Int? {
        table.withLock { table in
            if table == nil {
                var positions: [UInt64: Int] = [:]
                positions.reserveCapacity(hashes.count)
                for (position, hash) in hashes.enumerated() where positions[hash] == nil { positions[hash] = position }
                table = positions
            }
            return table?[hash]
        }
    }
}

extension Digest {
    /// What the state store remembers of `items[index]`; nil without a store.
    public func remembered(at index: Int) -> ItemMemory? {
        memory?.memory(at: index, idHash: itemKeys?[index].idHash ?? items[index].idHash)
    }

    /// The archive entry of `items[index]` (its `entryID`, whether it is starred); nil without one.
    public func archiveEntry(at index: Int) -> ArchiveEntry? {
        memory?.entry(at: index, idHash: itemKeys?[index].idHash ?? items[index].idHash)
    }

    /// How many of the items are new; nil without a store.
    public var newItemCount: Int? {
        memory.map { _ in items.indices.count { remembered(at: $0)?.isNew == true } }
    }
}

/// Which remembered items a digest keeps: `--new`, `--since`, `--unread`.
public struct MemoryFilter: Sendable {
    var onlyNew = false
    /// Keep items first seen after this time.
    var firstSeenAfter: Date?
    var onlyUnread = false

    public init(onlyNew: Bool = false, firstSeenAfter: Date? = nil, onlyUnread: Bool = false) {
        self.onlyNew = onlyNew
        self.firstSeenAfter = firstSeenAfter
        self.onlyUnread = onlyUnread
    }

    /// Whether any filter is set.
    var isActive: Bool { onlyNew || firstSeenAfter != nil || onlyUnread }

    /// The digest with only the items that pass; an item the store does not know passes.
    public func apply(to digest: Digest) -> Digest {
        guard isActive, let memory = digest.memory else { return digest }
        let kept = digest.items.indices.filter { index in
            guard let remembered = digest.remembered(at: index) else { return true }
            return
                !((onlyNew && !remembered.isNew) || (onlyUnread && remembered.isRead)
                || firstSeenAfter.map { remembered.firstSeen <= $0 } == true)
        }
        // The keys and memory are narrowed with the items, so both are still read by position.
        var narrowed = digest
        narrowed.items = kept.map { digest.items[$0] }
        narrowed.itemKeys = digest.itemKeys.map { keys in kept.map { keys[$0] } }
        narrowed.memory = memory.keeping(kept)
        narrowed.narrowing.filters += descriptions
        narrowed.narrowing.removed += digest.items.count - kept.count
        return narrowed
    }
}
