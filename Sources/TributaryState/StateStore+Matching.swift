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

    /// What the store knows of each item, in order: by id within the source, else by
    /// canonical URL within the config (an upstream id that changed); nil when unknown.
    /// The source's rows are read in one indexed scan into a hash table, and only the
    /// items it does not know are looked up by URL.
    func matches(_ items: [FeedItem], urls: [String?], source: String, in db: Database) throws -> [Match?] {
        let known = try knownRows(of: source, expected: items.count, in: db)
        var found = [Match?](repeating: nil, count: items.count)
        var unknown: [Int] = []
        for index in items.indices {
            if let row = known[items[index].id] {
                found[index] = Match(
                    firstSeen: row.firstSeen, lastSeen: row.lastSeen, readAt: row.readAt,
                    urlChanged: row.canonicalURL != urls[index])
            } else if urls[index] != nil {
                unknown.append(index)
            }
        }
        for (index, match) in try matchesByURL(unknown, urls: urls, in: db) { found[index] = match }
        return found
    }

    /// One stored row of a source, as matching needs it.
    private struct KnownRow {
        var canonicalURL: String?
        var firstSeen: Double
        var lastSeen: Double
        var readAt: Double?
    }

    /// The source's rows by item id, in one scan of the primary key's range; the table is
    /// made for `expected` rows at once (a run shows about as many as the store kept).
    private func knownRows(of source: String, expected: Int, in db: Database) throws -> [String: KnownRow] {
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT itemID, canonicalURL, firstSeen, lastSeen, readAt FROM item
                WHERE config = ? AND source = ?
                """,
            arguments: [config, source])
        var known: [String: KnownRow] = [:]
        known.reserveCapacity(expected)
        while let row = try rows.next() {
            known[row[0]] = KnownRow(canonicalURL: row[1], firstSeen: row[2], lastSeen: row[3], readAt: row[4])
        }
        return known
    }

    /// The items at `indices` that the config knows by canonical URL (under another id, maybe
    /// of another source): the earliest first-seen time and the latest read time of its rows.
    private func matchesByURL(_ indices: [Int], urls: [String?], in db: Database) throws -> [(Int, Match)] {
        guard !indices.isEmpty else { return [] }
        let input = Self.jsonRows(indices) { index, out in out.string(urls[index]) }
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT input.key, MIN(u.firstSeen), MAX(u.readAt) FROM json_each(?2) AS input
                JOIN item AS u ON u.config = ?1 AND u.canonicalURL = input.value ->> 0
                GROUP BY input.key
                """,
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
