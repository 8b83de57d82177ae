import Foundation
import GRDB
import Tributary

extension StateStore {
    /// How stale a known item's last-seen time may be before a run rewrites it: a day, or
    /// half the retention when that is shorter. Retention counts days, so rewriting every
    /// known row on every run (100,000 rows for the benchmark's file) bought nothing; now
    /// a later run on unchanged items writes almost nothing, and an item a run shows is
    /// never older than half the retention when that run prunes.
    static func lastSeenStep(retention: Duration?) -> Double {
        min(86_400, (retention?.seconds ?? 0) / 2)
    }

    /// One item of the run as a row of the store: its source's row and its position in the digest.
    private struct ItemRow {
        var source: Int64
        var index: Int
    }

    /// Writes what a run learnt of its items (`sources`: the source rows by name): inserts
    /// the unknown ones (and those known only by URL, under their new id), moves known ones'
    /// last-seen time to `now` when it is older than `step` seconds, and rewrites a canonical
    /// URL's key only where it changed (which spares its index an update per item). Every
    /// source's rows go in the same statements, a batch at a time.
    func record(
        _ items: KeyedItems, known: [Match?], sources: [String: Int64], now: Double, step: Double, in db: Database
    ) throws {
        let rows = items.bySource.flatMap { name, indices in
            sources[name].map { row in indices.map { ItemRow(source: row, index: $0) } } ?? []
        }
        let unknown = rows.filter { known[$0.index] == nil || known[$0.index]?.byURLOnly == true }
        try insert(unknown, of: items, known: known, now: now, in: db)
        let stale = rows.filter { row in
            known[row.index].map { !$0.byURLOnly && $0.lastSeen < now - step } == true
        }
        try update("lastSeen = ?", of: stale, items: items, leading: [now.databaseValue], in: db)
        let moved = rows.filter { known[$0.index]?.urlChanged == true }
        try update("urlKey = input.column3", of: moved, items: items, in: db)
    }

    /// Inserts the rows in key order: SQLite then fills its primary key's index page after
    /// page instead of at random.
    private func insert(_ rows: [ItemRow], of items: KeyedItems, known: [Match?], now: Double, in db: Database) throws {
        let ordered = rows.sorted { ($0.source, items.ids[$0.index]) < ($1.source, items.ids[$1.index]) }
        try db.forEachBatch(
            of: ordered.count, columns: 6,
            sql: { values in
                "INSERT INTO item (source, idKey, urlKey, firstSeen, lastSeen, readAt) VALUES \(values) "
                    + "ON CONFLICT (source, idKey) DO NOTHING"
            },
            arguments: { batch, arguments in
                for row in ordered[batch] {
                    let match = known[row.index]
                    arguments += [
                        row.source.databaseValue, items.ids[row.index].databaseValue,
                        items.urls[row.index].databaseValue, (match?.firstSeen ?? now).databaseValue,
                        now.databaseValue, match?.readAt.databaseValue ?? .null,
                    ]
                }
            },
            run: { try $0.execute() }
        )
    }

    /// Sets `assignment` on the items' rows (`input.column3` is the item's canonical-URL key;
    /// `leading` binds the assignment's own parameters).
    private func update(
        _ assignment: String, of rows: [ItemRow], items: KeyedItems, leading: [DatabaseValue] = [], in db: Database
    ) throws {
        try db.forEachBatch(
            of: rows.count, columns: 3,
            sql: { values in
                "UPDATE item SET \(assignment) FROM (VALUES \(values)) AS input "
                    + "WHERE item.source = input.column1 AND item.idKey = input.column2"
            },
            arguments: { batch, arguments in
                arguments += leading
                for row in rows[batch] {
                    arguments += [
                        row.source.databaseValue, items.ids[row.index].databaseValue,
                        items.urls[row.index].databaseValue,
                    ]
                }
            },
            run: { try $0.execute() }
        )
    }
}
