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

    /// Writes what a run learnt of one source's items (its `source` row): inserts the unknown
    /// ones (and those known only by URL, under their new id), moves known ones' last-seen
    /// time to `now` when it is older than `step` seconds, and rewrites a canonical URL's key
    /// only where it changed (which spares its index an update per item).
    func record(
        _ items: KeyedItems, known: [Match?], source: Int64, now: Double, step: Double, in db: Database
    ) throws {
        let unknown = items.indices.filter { known[$0] == nil || known[$0]?.byURLOnly == true }
        try insert(unknown, of: items, known: known, source: source, now: now, in: db)
        let stale = items.indices.filter { index in
            known[index].map { !$0.byURLOnly && $0.lastSeen < now - step } == true
        }
        try update("lastSeen = ?2", of: stale, items: items, source: source, value: now, in: db)
        let moved = items.indices.filter { known[$0]?.urlChanged == true }
        try update("urlKey = input.value ->> 1", of: moved, items: items, source: source, in: db)
    }

    /// Inserts the rows in key order: SQLite then fills its primary key's index page after
    /// page instead of at random.
    private func insert(
        _ indices: [Int], of items: KeyedItems, known: [Match?], source: Int64, now: Double, in db: Database
    ) throws {
        guard !indices.isEmpty else { return }
        let input = Self.keyRows(indices, of: items) { index, out in
            out.raw(",")
            out.number(known[index]?.firstSeen ?? now)
            out.raw(",")
            out.number(known[index]?.readAt)
        }
        try db.cachedStatement(
            sql: """
                INSERT INTO item (source, idKey, urlKey, firstSeen, lastSeen, readAt)
                SELECT ?1, value ->> 0, value ->> 1, value ->> 2, ?2, value ->> 3 FROM json_each(?3)
                ORDER BY value ->> 0 ON CONFLICT (source, idKey) DO NOTHING
                """
        ).execute(arguments: [source, now, input])
    }

    /// Sets `assignment` on the rows of the items at `indices` (`input.value ->> 1` is the
    /// item's canonical-URL key, `?2` is `value`).
    private func update(
        _ assignment: String, of indices: [Int], items: KeyedItems, source: Int64, value: Double? = nil,
        in db: Database
    ) throws {
        guard !indices.isEmpty else { return }
        let input = Self.keyRows(indices, of: items)
        try db.cachedStatement(
            sql: """
                UPDATE item SET \(assignment) FROM json_each(?3) AS input
                WHERE source = ?1 AND idKey = input.value ->> 0
                """
        ).execute(arguments: [source, value, input])
    }

    /// A JSON array of `[idKey, urlKey, …]` arrays, one per index, `more` writing the rest.
    private static func keyRows(
        _ indices: [Int], of items: KeyedItems, more: (Int, inout JSONWriter) -> Void = { _, _ in }
    ) -> String {
        jsonRows(indices) { index, out in
            out.integer(items.ids[index])
            out.raw(",")
            out.integer(items.urls[index])
            more(index, &out)
        }
    }

    /// A JSON array of arrays, one per index, written by `row`.
    static func jsonRows(_ indices: some Collection<Int>, _ row: (Int, inout JSONWriter) -> Void) -> String {
        var out = JSONWriter(capacity: indices.count * 64)
        out.raw("[")
        for (position, index) in indices.enumerated() {
            out.raw(position == 0 ? "[" : ",[")
            row(index, &out)
            out.raw("]")
        }
        out.raw("]")
        return String(decoding: out.bytes, as: UTF8.self)
    }
}
