/// `StableHash` fed a piece at a time: its `value` is `StableHash.value` of the pieces
/// joined, without the joined string (the archive fingerprints every item of every run).
public struct StableHasher {
    public private(set) var value = StableHash.offsetBasis

    public init() {}

    /// Adds `text`'s UTF-8 bytes, read in place when the string stores them so.
    public mutating func combine(_ text: String) {
        let hash = value
        value =
            text.utf8.withContiguousStorageIfAvailable { StableHash.value(bytes: $0, continuing: hash) }
            ?? StableHash.value(bytes: text.utf8, continuing: hash)
    }

    /// Adds one byte (a separator).
    public mutating func combine(byte: UInt8) {
        value = StableHash.value(bytes: CollectionOfOne(byte), continuing: value)
    }
}
