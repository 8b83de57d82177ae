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

    /// One run's items of one source, by their store keys.
    struct KeyedItems {
        /// Each item's id key, in the items' order.
        var ids: [Int64]
        /// Each item's canonical-URL key; nil for an item without a URL.
        var urls: [Int64?]

        /// Hashing 100,000 ids and canonical URLs took 54 ms on one core.
        init(_ items: [FeedItem]) {
            let keys = ParallelWork.map(items) { item in
                (StoreKey.of(item.id), item.urlString.map { StoreKey.of(CanonicalURL.key($0)) })
            }
            ids = keys.map(\.0)
            urls = keys.map(\.1)
        }

        var indices: Range<Int> { ids.indices }
    }

    /// The `source` row of this config's source `name`; with `creating`, made when missing.
    func sourceRow(_ name: String, creating: Bool, in db: Database) throws -> Int64? {
        let arguments: StatementArguments = [config, name]
        let select = try db.cachedStatement(sql: "SELECT id FROM source WHERE config = ? AND name = ?")
        if let row = try Int64.fetchOne(select, arguments: arguments) { return row }
        guard creating else { return nil }
        try db.cachedStatement(sql: "INSERT INTO source (config, name) VALUES (?, ?)").execute(arguments: arguments)
        return db.lastInsertedRowID
    }

    /// What the store knows of each item, in order: by id within the source (`source`, nil
    /// when the store has no row of it yet), else by canonical URL within the config (an
    /// upstream id that changed); nil when unknown. The source's rows are read in one scan
    /// of the primary key's range into a hash table, and only the items it does not know
    /// are looked up by URL.
    func matches(_ items: KeyedItems, source: Int64?, in db: Database) throws -> [Match?] {
        let known = try source.map { try knownRows(of: $0, expected: items.ids.count, in: db) } ?? [:]
        var found = [Match?](repeating: nil, count: items.ids.count)
        var unknown: [Int] = []
        for index in items.indices {
            if let row = known[items.ids[index]] {
                found[index] = Match(
                    firstSeen: row.firstSeen, lastSeen: row.lastSeen, readAt: row.readAt,
                    urlChanged: row.urlKey != items.urls[index])
            } else if items.urls[index] != nil {
                unknown.append(index)
            }
        }
        for (index, match) in try matchesByURL(unknown, of: items, in: db) { found[index] = match }
        return found
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
    private func matchesByURL(_ indices: [Int], of items: KeyedItems, in db: Database) throws -> [(Int, Match)] {
        guard !indices.isEmpty else { return [] }
        let input = Self.jsonRows(indices) { index, out in out.integer(items.urls[index]) }
        let rows = try Row.fetchCursor(
            db.cachedStatement(
                sql: """
                    SELECT input.key, MIN(u.firstSeen), MAX(u.readAt) FROM json_each(?2) AS input
                    JOIN item AS u ON u.urlKey = input.value ->> 0
                    JOIN source ON source.id = u.source AND source.config = ?1
                    GROUP BY input.key
                    """),
            arguments: [config, input])
        var found: [(Int, Match)] = []
        while let row = try rows.next() {
            let firstSeen: Double = row[1]
            found.append(
                (
                    indices[row[0]],
                    Match(firstSeen: firstSeen, lastSeen: firstSeen, readAt: row[2], urlChanged: false, byURLOnly: true)
                ))
        }
        return found
    }
}
