import Foundation
import GRDB

/// The `itemSet` table: each source's `ItemSet` as one value, with its count and its
/// oldest last-seen time beside it (for `tributary state` and retention's prune).
enum ItemSetTable {
    /// Every item set of `config`, by source row.
    static func load(config: String, in db: Database) throws -> [Int64: ItemSet] {
        try load(
            db.cachedStatement(
                sql: "SELECT itemSet.source, itemSet.items FROM itemSet JOIN source ON source.id = itemSet.source "
                    + "WHERE source.config = ?"),
            arguments: [config])
    }

    /// Every config's item sets that hold an item last seen before `time`, by source row.
    static func load(seenBefore time: Double, in db: Database) throws -> [Int64: ItemSet] {
        try load(
            db.cachedStatement(sql: "SELECT source, items FROM itemSet WHERE oldestSeen < ?"), arguments: [time])
    }

    /// Writes the source's set, or deletes its row when the set is empty.
    static func save(_ set: ItemSet, of source: Int64, in db: Database) throws {
        guard let oldestSeen = set.oldestSeen else {
            try db.cachedStatement(sql: "DELETE FROM itemSet WHERE source = ?").execute(arguments: [source])
            return
        }
        try db.cachedStatement(
            sql: """
                INSERT INTO itemSet (source, count, oldestSeen, items) VALUES (?, ?, ?, ?)
                ON CONFLICT (source) DO UPDATE
                SET count = excluded.count, oldestSeen = excluded.oldestSeen, items = excluded.items
                """
        ).execute(arguments: [source, set.records.count, oldestSeen, ItemSetCoding.encode(set)])
    }

    private static func load(_ statement: Statement, arguments: StatementArguments) throws -> [Int64: ItemSet] {
        let rows = try Row.fetchCursor(statement, arguments: arguments)
        var sets: [Int64: ItemSet] = [:]
        while let row = try rows.next() {
            guard let set = ItemSetCoding.decode(row[1]) else {
                throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: "an item set this build cannot read")
            }
            sets[row[0]] = set
        }
        return sets
    }
}
