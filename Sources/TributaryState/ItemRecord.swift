/// What the store remembers of one item: its keys (`StoreKey`), when a run first and last
/// showed it, and when it was marked read.
struct ItemRecord: Equatable, Sendable {
    var idKey: Int64
    var urlKey: Int64?
    var firstSeen: Double
    var lastSeen: Double
    var readAt: Double?
}

/// One source's records, one per id key, sorted by it: the store keeps them as one value
/// (`ItemSetCoding`); a run finds its items in one ordered pass (`records(of:)`), a single
/// record by binary search.
struct ItemSet: Equatable, Sendable {
    private(set) var records: [ItemRecord]

    /// The records, in any order; of two with one id key, the first is kept.
    init(_ records: [ItemRecord] = []) {
        self.records = []
        inserting(records)
    }

    /// Records already sorted by id key, one per key (as `ItemSetCoding` decodes them).
    init(sorted records: [ItemRecord]) {
        self.records = records
    }

    /// The record of `idKey`, if the source has one.
    subscript(idKey: Int64) -> ItemRecord? {
        position(of: idKey).map { records[$0] }
    }

    /// The record of each key in `keys` (nil where the set has none), found in one pass over
    /// the records with the keys taken in ascending order: 100,000 binary searches of a
    /// 100,000-record set each missed the processor's caches about ten times.
    func records(of keys: [Int64]) -> [ItemRecord?] {
        var found = [ItemRecord?](repeating: nil, count: keys.count)
        var next = records.startIndex
        for (key, position) in Self.ascending(keys) {
            while next < records.endIndex, records[next].idKey < key { next += 1 }
            if next < records.endIndex, records[next].idKey == key { found[position] = records[next] }
        }
        return found
    }

    /// `keys` with their positions, by key, then position: the order of both ordered passes
    /// (a run's lookup and a commit's merge). The pairs are sorted as they are, reading no
    /// record meanwhile (a radix sort was faster but not worth its code: see
    /// docs/design/performance.md).
    private static func ascending(_ keys: some Collection<Int64>) -> [(key: Int64, position: Int)] {
        var pairs = keys.enumerated().map { (key: $0.element, position: $0.offset) }
        pairs.sort { $0 < $1 }
        return pairs
    }

    /// The earliest last-seen time, which retention's prune looks for.
    var oldestSeen: Double? { records.lazy.map(\.lastSeen).min() }

    /// Changes the record of `idKey`, if any (its key stays).
    mutating func update(_ idKey: Int64, _ change: (inout ItemRecord) -> Void) {
        guard let position = position(of: idKey) else { return }
        change(&records[position])
        records[position].idKey = idKey
    }

    /// Offers every record to `change`, which says whether it changed it; returns how many
    /// it changed (their keys stay).
    mutating func updateAll(_ change: (inout ItemRecord) -> Bool) -> Int {
        var changed = 0
        for position in records.indices {
            let idKey = records[position].idKey
            if change(&records[position]) { changed += 1 }
            records[position].idKey = idKey
        }
        return changed
    }

    /// Removes the records last seen before `time`; returns how many went.
    mutating func removeRecords(lastSeenBefore time: Double) -> Int {
        let before = records.count
        records.removeAll { $0.lastSeen < time }
        return before - records.count
    }

    /// Adds the records whose id key the set does not hold yet (of two new ones with one
    /// key, the first): sorted on their own, then merged in one pass.
    mutating func inserting(_ new: [ItemRecord]) {
        // Each key's first new record comes first in this order, so a repeat is the record
        // just seen. (A hash set of seen keys and a binary search per record were about a
        // third of the writer's work in a first run's commit of 100,000 records.)
        var merged: [ItemRecord] = []
        merged.reserveCapacity(records.count + new.count)
        var kept = records.startIndex
        var previous: Int64?
        for (key, position) in Self.ascending(new.lazy.map(\.idKey)) where key != previous {
            previous = key
            while kept < records.endIndex, records[kept].idKey < key {
                merged.append(records[kept])
                kept += 1
            }
            if kept == records.endIndex || records[kept].idKey != key { merged.append(new[position]) }
        }
        merged.append(contentsOf: records[kept...])
        records = merged
    }

    private func position(of idKey: Int64) -> Int? {
        var low = 0
        var high = records.count
        while low < high {
            let middle = (low + high) / 2
            if records[middle].idKey < idKey { low = middle + 1 } else { high = middle }
        }
        return low < records.count && records[low].idKey == idKey ? low : nil
    }
}
