/// FNV-1a, 64 bits, over UTF-8 read in place: the byte loop behind the core's `StableHash`
/// and `StableHasher` (a hash that is the same in every run and on every platform).
public enum FNV1a {
    /// The hash of no bytes, where every hash starts.
    public static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325

    /// The hash of the bytes `hash` stands for followed by `text`'s UTF-8, read in place when
    /// the string stores it so (a native string does), which is faster than its UTF-8 view's
    /// iterator.
    public static func hash(_ text: String, continuing hash: UInt64 = offsetBasis) -> UInt64 {
        text.utf8.withContiguousStorageIfAvailable { Self.hash(bytes: $0, continuing: hash) }
            ?? Self.hash(bytes: text.utf8, continuing: hash)
    }

    /// The hash of the bytes `hash` stands for followed by `bytes`.
    @inlinable public static func hash(bytes: some Sequence<UInt8>, continuing hash: UInt64 = offsetBasis) -> UInt64 {
        var hash = hash
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }
}

extension PackedText {
    /// `FNV1a.hash` of text `index`, read from its bytes without making a String.
    public func stableHash(of index: Int) -> UInt64 {
        withBytes(of: index) { FNV1a.hash(bytes: $0) }
    }
}
