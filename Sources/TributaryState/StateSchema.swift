import Foundation
import GRDB
import Tributary

/// The store's schema, one migration per version; a store is always brought to the
/// newest one this build knows, and one written by a newer build is refused.
enum StateSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1", migrate: version1)
        migrator.registerMigration("v2", migrate: version2)
        migrator.registerMigration("v3", migrate: version3)
        migrator.registerMigration("v4", migrate: version4)
        migrator.registerMigration("v5", migrate: version5)
        migrator.registerMigration("v6", migrate: version6)
        migrator.registerMigration("v7-rows", migrate: digestRows)
        migrator.registerMigration("v8-content", migrate: articles)
        migrator.registerMigration("v9-hooks", migrate: hookDeliveries)
        migrator.registerMigration("v10-enclosures", migrate: enclosures)
        migrator.registerMigration("v11-sync", migrate: syncCounts)
        migrator.registerMigration("v12-search-index-by-statement", migrate: searchIndexedByStatement)
        migrator.registerMigration("v13-search-by-date", migrate: searchByDate)
        return migrator
    }

    /// Brings the store to the newest schema, calling `beforeMigrating` first when it must
    /// migrate; throws `newerSchema` for one written by a newer build. A store already there
    /// (every run but the first) costs one read of the applied migrations on the writer
    /// connection: no reader connection, no write transaction.
    static func bringUpToDate(_ writer: some DatabaseWriter, beforeMigrating: () throws -> Void = {}) throws {
        let migrator = migrator
        let known = Set(migrator.migrations)
        let applied = try writer.writeWithoutTransaction(migrator.appliedIdentifiers)
        if !applied.isSubset(of: known) { throw StateStoreError.newerSchema }
        guard applied != known else { return }
        try beforeMigrating()
        try migrator.migrate(writer)
    }

    /// Items seen, runs and their outcomes per source, and each source's cursors.
    static func version1(_ db: Database) throws {
        try db.create(table: "item") { table in
            table.column("config", .text).notNull()
            table.column("source", .text).notNull()
            table.column("itemID", .text).notNull()
            table.column("canonicalURL", .text)
            table.column("firstSeen", .double).notNull()
            table.column("lastSeen", .double).notNull()
            table.column("readAt", .double)
            table.primaryKey(["config", "source", "itemID"])
        }
        try db.create(index: "item_by_url", on: "item", columns: ["config", "canonicalURL"])
        try db.create(table: "run") { table in
            table.autoIncrementedPrimaryKey("id")
            table.column("config", .text).notNull()
            table.column("startedAt", .double).notNull()
        }
        try db.create(table: "sourceRun") { table in
            table.column("run", .integer).notNull().references("run", onDelete: .cascade)
            table.column("source", .text).notNull()
            table.column("status", .text).notNull()
            table.column("message", .text)
            table.column("itemCount", .integer).notNull()
            table.column("newCount", .integer).notNull()
            table.column("durationMs", .integer).notNull()
            table.primaryKey(["run", "source"])
        }
        try db.create(table: "cursor") { table in
            table.column("config", .text).notNull()
            table.column("source", .text).notNull()
            table.column("value", .text).notNull()
            table.column("updatedAt", .double).notNull()
            table.primaryKey(["config", "source"])
        }
    }

    /// Stale-if-error snapshots, moved from the cache folder into the store.
    static func version2(_ db: Database) throws {
        try db.create(table: "snapshot") { table in
            table.column("config", .text).notNull()
            table.column("source", .text).notNull()
            table.column("savedAt", .double).notNull()
            table.column("items", .blob).notNull()
            table.primaryKey(["config", "source"])
        }
    }

    /// Snapshots in pieces of `SnapshotCoding.chunkSize` items (one 74 MB value for a
    /// 100,000-item source cost 250 MB of memory to write); v2's snapshots are carried over.
    static func version3(_ db: Database) throws {
        try db.rename(table: "snapshot", to: "snapshotV2")
        try db.create(table: "snapshot") { table in
            table.column("config", .text).notNull()
            table.column("source", .text).notNull()
            table.column("savedAt", .double).notNull()
            table.primaryKey(["config", "source"])
        }
        try db.create(table: "snapshotChunk") { table in
            table.column("config", .text).notNull()
            table.column("source", .text).notNull()
            table.column("chunk", .integer).notNull()
            table.column("items", .blob).notNull()
            table.primaryKey(["config", "source", "chunk"])
        }
        let rows = try Row.fetchCursor(db, sql: "SELECT config, source, savedAt, items FROM snapshotV2")
        while let row = try rows.next() {
            // An unreadable snapshot gave stale-if-error nothing: there is nothing to carry over.
            guard let items = VersionTwoSnapshot.items(in: row["items"]) else { continue }
            let arguments: StatementArguments = [row["config"], row["source"]]
            try db.execute(
                sql: "INSERT INTO snapshot (config, source, savedAt) VALUES (?, ?, ?)",
                arguments: arguments + [row["savedAt"]])
            try db.execute(
                sql: "INSERT INTO snapshotChunk (config, source, chunk, items) VALUES (?, ?, 0, ?)",
                arguments: arguments + [SnapshotCoding.encode(items[...])])
        }
        try db.drop(table: "snapshotV2")
    }

    /// Items keyed by integers: a `source` row per config and source id, and each item's id
    /// and canonical URL as their `StoreKey`s, with an index on the last-seen time (v3's rows repeated the config's path, the
    /// source's id and both texts in the table and in two indexes: 34 MB for 100,000 items).
    /// v3's rows are carried over with their times and read state.
    static func version4(_ db: Database) throws {
        try db.rename(table: "item", to: "itemV3")
        try db.drop(index: "item_by_url")
        try db.create(table: "source") { table in
            table.autoIncrementedPrimaryKey("id")
            table.column("config", .text).notNull()
            table.column("name", .text).notNull()
            table.uniqueKey(["config", "name"])
        }
        try db.create(table: "item", options: .withoutRowID) { table in
            table.column("source", .integer).notNull().references("source", onDelete: .cascade)
            table.column("idKey", .integer).notNull()
            table.column("urlKey", .integer)
            table.column("firstSeen", .double).notNull()
            table.column("lastSeen", .double).notNull()
            table.column("readAt", .double)
            table.primaryKey(["source", "idKey"])
        }
        try db.create(index: "item_by_url", on: "item", columns: ["urlKey"])
        // Retention's prune reads a range of it instead of every row (a demo run on a store
        // that also held 200,000 items of other configs: 58 ms, 49 ms with it); a run's new
        // rows share one time, so they fill it in order.
        try db.create(index: "item_by_lastSeen", on: "item", columns: ["lastSeen"])
        try db.execute(sql: "INSERT INTO source (config, name) SELECT DISTINCT config, source FROM itemV3")
        let insert = try db.makeStatement(
            sql: """
                INSERT INTO item (source, idKey, urlKey, firstSeen, lastSeen, readAt)
                VALUES ((SELECT id FROM source WHERE config = ? AND name = ?), ?, ?, ?, ?, ?)
                ON CONFLICT DO NOTHING
                """)
        let rows = try Row.fetchCursor(
            db, sql: "SELECT config, source, itemID, canonicalURL, firstSeen, lastSeen, readAt FROM itemV3")
        while let row = try rows.next() {
            let url: String? = row["canonicalURL"]
            try insert.execute(arguments: [
                row["config"], row["source"], StoreKey.of(row["itemID"]), url.map(StoreKey.of),
                row["firstSeen"], row["lastSeen"], row["readAt"],
            ])
        }
        try db.drop(table: "itemV3")
    }

    /// Each source's items as one value (`ItemSetCoding`) in an `itemSet` row, with their
    /// count and oldest last-seen time (indexed, for retention's prune), instead of a row per
    /// item in a table and two indexes: inserting them was most of a first run's cost.
    /// v4's rows are carried over with their times and read state.
    static func version5(_ db: Database) throws {
        try db.create(table: "itemSet") { table in
            table.column("source", .integer).primaryKey().references("source", onDelete: .cascade)
            table.column("count", .integer).notNull()
            table.column("oldestSeen", .double).notNull()
            table.column("items", .blob).notNull()
        }
        try db.create(index: "itemSet_by_oldestSeen", on: "itemSet", columns: ["oldestSeen"])
        let rows = try Row.fetchCursor(
            db, sql: "SELECT source, idKey, urlKey, firstSeen, lastSeen, readAt FROM item ORDER BY source, idKey")
        var source: Int64?
        var records: [ItemRecord] = []
        while let row = try rows.next() {
            if let current = source, current != row[0] {
                try ItemSetTable.save(ItemSet(sorted: records), of: current, in: db)
                records = []
            }
            source = row[0]
            records.append(
                ItemRecord(idKey: row[1], urlKey: row[2], firstSeen: row[3], lastSeen: row[4], readAt: row[5]))
        }
        if let current = source { try ItemSetTable.save(ItemSet(sorted: records), of: current, in: db) }
        try db.drop(table: "item")
    }
}

/// v2's snapshot value: `{"savedAt", "items"}` in one JSON object.
private struct VersionTwoSnapshot: Decodable {
    var items: [FeedItem]

    static func items(in data: Data) -> [FeedItem]? {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try? decoder.decode(Self.self, from: data).items
    }
}
