/// Tests on eight bytes at once (SWAR), for scanners that skip long runs of bytes
/// they have nothing to do with: JSON escaping, text cleanup, the feed reader's byte
/// repair. Inlinable: a call per word would cost more than the test.
public enum ByteWords {
    @inlinable static var ones: UInt64 { 0x0101_0101_0101_0101 }
    @inlinable static var highBits: UInt64 { 0x8080_8080_8080_8080 }

    /// The eight bytes at `offset`, in memory order from the low byte.
    @inlinable @inline(__always)
    public static func load(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt64 {
        bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
    }

    /// Whether any byte of the word is `byte` (the classic zero-byte test on `word ^ byte`).
    @inlinable @inline(__always)
    public static func has(_ word: UInt64, _ byte: UInt8) -> Bool {
        let difference = word ^ (UInt64(byte) &* ones)
        return (difference &- ones) & ~difference & highBits != 0
    }

    /// The high bit of each byte of the word that is `byte`, and no other bit (exact, unlike `has`).
    @inlinable @inline(__always)
    public static func matches(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let difference = word ^ (UInt64(byte) &* ones)
        let low = ~highBits
        return ~(((difference & low) &+ low) | difference | low)
    }

    /// Whether any byte of the word is below `limit` (at most 0x80); bytes from 0x80 up never are.
    @inlinable @inline(__always)
    public static func hasByte(_ word: UInt64, below limit: UInt8) -> Bool {
        (word &- UInt64(limit) &* ones) & ~word & highBits != 0
    }

    /// Whether any byte of the word is 0x80 or above (not ASCII).
    @inlinable @inline(__always)
    public static func hasNonASCII(_ word: UInt64) -> Bool { word & highBits != 0 }
}
