import TributaryBytes

/// `StableHash` fed a piece at a time: its `value` is `StableHash.value` of the pieces
/// joined, without the joined string (the archive fingerprints every item of every run).
public struct StableHasher {
    public private(set) var value = FNV1a.offsetBasis

    public init() {}

    /// Adds `text`'s UTF-8 bytes.
    public mutating func combine(_ text: String) {
        value = FNV1a.hash(text, continuing: value)
    }

    /// Adds one byte (a separator).
    public mutating func combine(byte: UInt8) {
        value = FNV1a.hash(bytes: CollectionOfOne(byte), continuing: value)
    }
}
