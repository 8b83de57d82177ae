import Foundation
import GRDB
import Tributary

extension StateStore {
    /// What the store knew of an item.
    struct Match {
        var firstSeen: Double
        var lastSeen: Double
        var readAt: Double?
        /// Known by id, under another canonical URL.
        var urlChanged: Bool
        /// Known only by canonical URL: upstream changed its id, and it gets a record of its own.
        var byURLOnly = false
    }

    /// One source's items: their positions in the digest.
    typealias SourceItems = (source: String, indices: [Int])

    /// One run's items by their store keys, and which of them each source showed.
    struct KeyedItems {
        /// Each item's id key, in the digest's order.
        var ids: [Int64]
        /// Each item's canonical-URL key; nil for an item without a URL.
        var urls: [Int64?]
        /// Each source's items, sources in the digest's order.
        var bySource: [SourceItems]

        /// The keys are the reducer's (`Digest.itemKeys`); a digest changed since has them
        /// made again, on every core.
        init(_ digest: Digest) {
            let keys = digest.itemKeys ?? Self.keys(of: digest)
            ids = keys.map { Int64(bitPattern: $0.idHash) }
            urls = keys.map { $0.urlHash.map { Int64(bitPattern: $0) } }
            bySource = Self.grouped(keys, of: digest)
        }

        private static func keys(of digest: Digest) -> [ItemKeys] {
            let positions = ItemKeys.positions(of: digest.sources)
            return ParallelWork.map(digest.items) { ItemKeys(of: $0, sourcePositions: positions) }
        }

        /// Each source's items, by the position of their source among the digest's; an item
        /// whose source the digest does not list (a digest made of items alone) by its name.
        private static func grouped(_ keys: [ItemKeys], of digest: Digest) -> [SourceItems] {
            var listed = [[Int]](repeating: [], count: digest.sources.count)
            var unlisted: [String: [Int]] = [:]
            for (index, key) in keys.enumerated() {
                if let position = key.sourcePosition {
                    listed[position].append(index)
                } else {
                    unlisted[digest.items[index].source, default: []].append(index)
                }
            }
            let bySource = zip(digest.sources, listed).map { (source: $0.id, indices: $1) }
            return (bySource + unlisted.sorted { $0.key < $1.key }.map { ($0, $1) }).filter { !$0.indices.isEmpty }
        }
    }

    /// The `source` rows of this config's sources `names`, by name; with `creating`, the
    /// missing ones are made.
    func sourceRows(_ names: [String], creating: Bool, in db: Database) throws -> [String: Int64] {
        var rows: [String: Int64] = [:]
        let existing = try Row.fetchCursor(
            db.cachedStatement(sql: "SELECT name, id FROM source WHERE config = ?"), arguments: [config])
        while let row = try existing.next() { rows[row[0]] = row[1] }
        guard creating else { return rows }
        let insert = try db.cachedStatement(sql: "INSERT INTO source (config, name) VALUES (?, ?)")
        for name in names where rows[name] == nil {
            try insert.execute(arguments: [config, name])
            rows[name] = db.lastInsertedRowID
        }
        return rows
    }

    /// What a run found in the store: the items' keys, what the store knew of each item (in
    /// the digest's order; nil when unknown), and the config's item sets by source row.
    struct Lookup {
        var keyed: KeyedItems
        var known: [Match?]
        var sets: [Int64: ItemSet]
    }

    /// Looks the items up: by id within its source (`sources`: the source rows by
    /// name; a source without one knows nothing), else by canonical URL within the config
    /// (an upstream id that changed).
    func lookUp(_ keyed: KeyedItems, sources: [String: Int64], in db: Database) throws -> Lookup {
        let sets = try ItemSetTable.load(config: config, in: db)
        var found = [Match?](repeating: nil, count: keyed.ids.count)
        var unknown: [Int] = []
        for (source, indices) in keyed.bySource {
            let set = sources[source].flatMap { sets[$0] }
            let records = set?.records(of: indices.map { keyed.ids[$0] })
            for (offset, index) in indices.enumerated() {
                if let record = records?[offset] {
                    found[index] = Match(
                        firstSeen: record.firstSeen, lastSeen: record.lastSeen, readAt: record.readAt,
                        urlChanged: record.urlKey != keyed.urls[index])
                } else if keyed.urls[index] != nil {
                    unknown.append(index)
                }
            }
        }
        for (index, match) in Self.matchesByURL(unknown, of: keyed, in: sets.values) { found[index] = match }
        return Lookup(keyed: keyed, known: found, sets: sets)
    }

    /// The items at `indices` that the config knows by canonical URL (under another id, maybe
    /// of another source): the earliest first-seen time and the latest read time of its
    /// records, found in one pass over the config's records. A first run has none to read.
    private static func matchesByURL(
        _ indices: [Int], of items: KeyedItems, in sets: some Collection<ItemSet>
    ) -> [(Int, Match)] {
        guard !indices.isEmpty, !sets.isEmpty else { return [] }
        let wanted = Set(indices.compactMap { items.urls[$0] })
        var byURL: [Int64: (firstSeen: Double, readAt: Double?)] = [:]
        for set in sets {
            for record in set.records {
                guard let url = record.urlKey, wanted.contains(url) else { continue }
                let earlier = byURL[url]
                byURL[url] = (
                    min(earlier?.firstSeen ?? record.firstSeen, record.firstSeen),
                    [earlier?.readAt, record.readAt].compactMap { $0 }.max()
                )
            }
        }
        return indices.compactMap { index in
            items.urls[index].flatMap { byURL[$0] }.map { found in
                (
                    index,
                    Match(
                        firstSeen: found.firstSeen, lastSeen: found.firstSeen, readAt: found.readAt,
                        urlChanged: false, byURLOnly: true)
                )
            }
        }
    }
}
