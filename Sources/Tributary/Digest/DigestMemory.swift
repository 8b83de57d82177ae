import Foundation

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

/// What the state store remembers of a digest's items, by id; renderers mark new items
/// with it, and the `--new`, `--since` and `--unread` filters read it.
public struct DigestMemory: Sendable {
    /// By the stable hash of the item's id (`FeedItem.idHash`), which the state
    /// store keys its rows by too: remembering 100,000 items hashes no text again (a table
    /// by id text took 33 ms to build and 33 ms more to read while rendering). Two ids of
    /// one digest sharing a hash (odds about 1 in 3×10⁹ at 100,000 items) would share
    /// their memory, as they would share their row in the store.
    private var byID: [UInt64: ItemMemory] = [:]

    public init() {}

    /// `memories[i]` for the item whose id hashes to `idHashes[i]`.
    public init(idHashes: [UInt64], memories: [ItemMemory]) {
        byID.reserveCapacity(idHashes.count)
        for (hash, memory) in zip(idHashes, memories) { byID[hash] = memory }
    }

    public subscript(item: FeedItem) -> ItemMemory? {
        get { byID[item.idHash] }
        set { byID[item.idHash] = newValue }
    }

    /// How many of `items` are new.
    public func newCount(_ items: [FeedItem]) -> Int {
        items.count { self[$0]?.isNew == true }
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
        var digest = digest
        let before = digest.items.count
        digest.items.removeAll { item in
            guard let remembered = memory[item] else { return false }
            return (onlyNew && !remembered.isNew) || (onlyUnread && remembered.isRead)
                || firstSeenAfter.map { remembered.firstSeen <= $0 } == true
        }
        digest.narrowing.filters += descriptions
        digest.narrowing.removed += before - digest.items.count
        return digest
    }
}
