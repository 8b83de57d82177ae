/// FNV-1a, 64 bits, as hex: a hash that is the same in every run and on every
/// platform (Swift's `Hasher` is seeded per run), for file names and ids.
public enum StableHash {
    public static func hex(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }
}
