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

/// What the state store remembers of a digest's items, by source and id; renderers
/// mark new items with it, and the `--new`, `--since` and `--unread` filters read it.
public struct DigestMemory: Sendable {
    /// By source, then by id: a digest has few sources, so a lookup hashes the item's id and
    /// a short source name, and a source's table is built at its final size in one go.
    private var bySource: [String: [String: ItemMemory]] = [:]

    public init() {}

    public subscript(item: FeedItem) -> ItemMemory? {
        get { bySource[item.source]?[item.id] }
        set { bySource[item.source, default: [:]][item.id] = newValue }
    }

    /// Remembers `memories[i]` for `items[i]`, all of one `source`.
    public mutating func set(_ memories: [ItemMemory], for items: [FeedItem], of source: String) {
        var table = bySource.removeValue(forKey: source) ?? [:]
        table.reserveCapacity(table.count + items.count)
        for (item, memory) in zip(items, memories) { table[item.id] = memory }
        bySource[source] = table
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
