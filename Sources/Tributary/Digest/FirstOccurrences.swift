/// Finds, for each key of a list, the first position holding an equal key: an
/// open-addressing table over hashes computed on every core beforehand, so the one
/// serial pass over 100,000 keys compares integers and touches each string only when
/// two hashes meet (a `Dictionary` hashed every string on that pass).
struct FirstOccurrences {
    private var slots: [(hash: Int, position: Int)]
    private let mask: Int

    /// For each position of `keys`, the first position with an equal key (itself, for a
    /// first); `hashes` holds each key's `hashValue`.
    static func of(_ keys: [String], hashes: [Int]) -> [Int] {
        var table = FirstOccurrences(capacity: keys.count)
        return keys.indices.map { table.claim(keys, hashes, at: $0) }
    }

    private init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }  // at most half full
        slots = Array(repeating: (0, -1), count: size)
        mask = size - 1
    }

    private mutating func claim(_ keys: [String], _ hashes: [Int], at position: Int) -> Int {
        let hash = hashes[position]
        var slot = hash & mask
        while slots[slot].position >= 0 {
            if slots[slot].hash == hash, keys[slots[slot].position] == keys[position] { return slots[slot].position }
            slot = (slot + 1) & mask
        }
        slots[slot] = (hash, position)
        return position
    }
}
