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
        /// Known only by canonical URL: upstream changed its id, and it gets a row of its own.
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
        /// Each source's items, sources in the order they first appear (`grouped`).
        var bySource: [SourceItems]

        /// Hashing 100,000 ids and canonical URLs took 54 ms on one core; the keys of every
        /// source's items are made in one pass on every core (one pass per source cost 500
        /// sources of 50 items 15 ms).
        init(_ items: [FeedItem], bySource: [SourceItems]) {
            let keys = ParallelWork.map(items) { item in
                (StoreKey.of(item), item.urlString.map { StoreKey.of(CanonicalURL.key($0)) })
            }
            ids = keys.map(\.0)
            urls = keys.map(\.1)
            self.bySource = bySource
        }

        /// Each source's items, sources in the order they first appear.
        static func grouped(_ items: [FeedItem]) -> [SourceItems] {
            var positions: [String: Int] = [:]
            var bySource: [SourceItems] = []
            for (index, item) in items.enumerated() {
                let source = item.source
                if let position = positions[source] {
                    bySource[position].indices.append(index)
                } else {
                    positions[source] = bySource.count
                    bySource.append((source, [index]))
                }
            }
            return bySource
        }

        var indices: Range<Int> { ids.indices }
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

    /// The items' keys, and what the store knows of each item, in the digest's order: by id
    /// within its source (`sources`: the source rows by name; a source without one knows
    /// nothing), else by canonical URL within the config (an upstream id that changed); nil
    /// when unknown. The keys are made on the other cores while this thread reads the
    /// sources' rows (a connection is used on its own thread only): one after the other,
    /// 100,000 items took 33 ms and 40 ms. Only the items no source knows are looked up by URL.
    func keysAndMatches(
        _ items: [FeedItem], _ bySource: [SourceItems], sources: [String: Int64], in db: Database
    ) throws -> (KeyedItems, [Match?]) {
        let (keyed, stored) = try ParallelWork.alongside(
            other: { KeyedItems(items, bySource: bySource) },
            here: {
                try bySource.map { source, indices in
                    try sources[source].map { try knownRows(of: $0, expected: indices.count, in: db) } ?? [:]
                }
            })
        var found = [Match?](repeating: nil, count: keyed.ids.count)
        var unknown: [Int] = []
        for ((_, indices), known) in zip(bySource, stored) {
            for index in indices {
                if let row = known[keyed.ids[index]] {
                    found[index] = Match(
                        firstSeen: row.firstSeen, lastSeen: row.lastSeen, readAt: row.readAt,
                        urlChanged: row.urlKey != keyed.urls[index])
                } else if keyed.urls[index] != nil {
                    unknown.append(index)
                }
            }
        }
        for (index, match) in try matchesByURL(unknown, of: keyed, in: db) { found[index] = match }
        return (keyed, found)
    }

    /// One stored row of a source, as matching needs it.
    private struct KnownRow {
        var urlKey: Int64?
        var firstSeen: Double
        var lastSeen: Double
        var readAt: Double?
    }

    /// The source's rows by id key, in one scan of the primary key's range; the table is
    /// made for `expected` rows at once (a run shows about as many as the store kept).
    private func knownRows(of source: Int64, expected: Int, in db: Database) throws -> [Int64: KnownRow] {
        let rows = try Row.fetchCursor(
            db.cachedStatement(sql: "SELECT idKey, urlKey, firstSeen, lastSeen, readAt FROM item WHERE source = ?"),
            arguments: [source])
        var known: [Int64: KnownRow] = [:]
        known.reserveCapacity(expected)
        while let row = try rows.next() {
            known[row[0]] = KnownRow(urlKey: row[1], firstSeen: row[2], lastSeen: row[3], readAt: row[4])
        }
        return known
    }

    /// The items at `indices` that the config knows by canonical URL (under another id, maybe
    /// of another source): the earliest first-seen time and the latest read time of its rows.
    /// A config the store holds no items of (its first run) has none to look up: 25,000
    /// lookups took 25 ms of a first run of 500 feeds.
    private func matchesByURL(_ indices: [Int], of items: KeyedItems, in db: Database) throws -> [(Int, Match)] {
        guard !indices.isEmpty, try holdsItems(in: db) else { return [] }
        var found: [(Int, Match)] = []
        try db.forEachBatch(
            of: indices.count, columns: 2,
            sql: { values in
                """
                SELECT input.column1, MIN(u.firstSeen), MAX(u.readAt) FROM (VALUES \(values)) AS input
                JOIN item AS u ON u.urlKey = input.column2
                JOIN source ON source.id = u.source AND source.config = ?
                GROUP BY input.column1
                """
            },
            arguments: { batch, arguments in
                for index in indices[batch] { arguments += [index.databaseValue, items.urls[index].databaseValue] }
                arguments.append(config.databaseValue)
            },
            run: { statement in
                let rows = try Row.fetchCursor(statement)
                while let row = try rows.next() {
                    let firstSeen: Double = row[1]
                    found.append(
                        (
                            row[0],
                            Match(
                                firstSeen: firstSeen, lastSeen: firstSeen, readAt: row[2], urlChanged: false,
                                byURLOnly: true)
                        ))
                }
            })
        return found
    }

    /// Whether the store holds any item of this config.
    private func holdsItems(in db: Database) throws -> Bool {
        try Bool.fetchOne(
            db.cachedStatement(
                sql: "SELECT EXISTS (SELECT 1 FROM source JOIN item ON item.source = source.id WHERE source.config = ?)"
            ),
            arguments: [config]) ?? false
    }
}
