/// FNV-1a, 64 bits: a hash that is the same in every run and on every platform (Swift's
/// `Hasher` is seeded per run), for file names, ids and the state store's keys.
public enum StableHash {
    /// The hash of `text`'s UTF-8 bytes, read in place when the string stores them so (a
    /// native string does), which is faster than its UTF-8 view's iterator; the store's
    /// keys of every item go through it twice (`docs/design/performance.md`).
    public static func value(_ text: String) -> UInt64 {
        text.utf8.withContiguousStorageIfAvailable { value(bytes: $0) } ?? value(bytes: text.utf8)
    }

    /// The hash of UTF-8 `bytes`: the same as `value` of their text.
    public static func value(bytes: some Sequence<UInt8>) -> UInt64 {
        value(bytes: bytes, continuing: offsetBasis)
    }

    static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325

    /// The hash of `hash`'s bytes followed by `bytes`.
    static func value(bytes: some Sequence<UInt8>, continuing hash: UInt64) -> UInt64 {
        var hash = hash
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }

    /// The hash of `text` in hexadecimal.
    public static func hex(_ text: String) -> String {
        String(value(text), radix: 16)
    }
}
