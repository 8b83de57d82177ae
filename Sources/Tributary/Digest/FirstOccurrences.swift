/// Finds, for each position of a list of keys, the first position holding an equal key:
/// an open-addressing table over hashes computed on every core beforehand, so the one
/// serial pass over 100,000 keys compares integers and looks at two keys only when
/// their hashes meet (a `Dictionary` hashed every string on that pass).
///
/// The keys themselves are not kept (what they cost at a 5,000-feed digest's peak:
/// `docs/design/performance.md`). The table holds 32-bit hashes and positions, 8 bytes a slot.
struct FirstOccurrences {
    private var slots: [(hash: UInt32, position: Int32)]
    private let mask: Int
    /// 64 less the table's size in bits: a slot is the top bits of the hash times a
    /// constant (Fibonacci hashing), as a stable hash's low bits depend only on its
    /// input's low bits.
    private let shift: UInt64

    /// For each of `count` positions, the first position with an equal key (itself, for a
    /// first); `hash` gives the key's hash at a position, and `sameKey` compares the keys at two.
    static func of(count: Int, hash: (Int) -> UInt64, sameKey: (Int, Int) -> Bool) -> [Int] {
        var table = FirstOccurrences(capacity: count)
        return (0..<count).map { table.claim(hash, sameKey, at: $0) }
    }

    private init(capacity: Int) {
        var bits: UInt64 = 4
        while 1 << bits < capacity * 2 { bits += 1 }  // at most half full
        slots = Array(repeating: (0, -1), count: 1 << bits)
        mask = (1 << bits) - 1
        shift = 64 - bits
    }

    private mutating func claim(_ hashes: (Int) -> UInt64, _ sameKey: (Int, Int) -> Bool, at position: Int) -> Int {
        let hash = hashes(position)
        let short = UInt32(truncatingIfNeeded: hash)
        var slot = Int(truncatingIfNeeded: (hash &* 0x9E37_79B9_7F4A_7C15) >> shift)
        while slots[slot].position >= 0 {
            let other = Int(slots[slot].position)
            if slots[slot].hash == short, hashes(other) == hash, sameKey(other, position) { return other }
            slot = (slot + 1) & mask
        }
        slots[slot] = (short, Int32(position))
        return position
    }
}
