import TributaryBytes

/// FNV-1a, 64 bits: a hash that is the same in every run and on every platform (Swift's
/// `Hasher` is seeded per run), for file names, ids and the state store's keys. The byte
/// loop is TributaryBytes' `FNV1a`; the store's keys of every item go through it twice
/// (`docs/design/performance.md`).
public enum StableHash {
    /// The hash of `text`'s UTF-8 bytes.
    public static func value(_ text: String) -> UInt64 { FNV1a.hash(text) }

    /// The hash of `text` in hexadecimal.
    public static func hex(_ text: String) -> String {
        String(value(text), radix: 16)
    }
}
