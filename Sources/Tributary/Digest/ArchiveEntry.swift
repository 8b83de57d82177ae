/// An item's row in the state store's archive, as a digest shows it.
public struct ArchiveEntry: Sendable, Equatable {
    /// The entry's integer id (`entryID`): given once, never reused, below 2^31.
    public var id: Int
    /// Whether the reader starred the item (`tributary star`); a starred item is never forgotten.
    public var isStarred: Bool

    public init(id: Int, isStarred: Bool) {
        self.id = id
        self.isStarred = isStarred
    }
}
