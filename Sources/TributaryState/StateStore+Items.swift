import Foundation
import GRDB
import Tributary

extension StateStore {
    /// Remembers a run: which of the digest's items are new (no earlier run of this config
    /// showed them, matched by id, then by canonical URL when an upstream id changed), each
    /// item's first- and last-seen times, and each source's outcome. One transaction per
    /// source's items, and one for the run. With `dryRun`, reads only and writes nothing.
    public func remember(_ digest: Digest, at now: Date, dryRun: Bool = false) throws -> DigestMemory {
        var memory = DigestMemory()
        let bySource = Dictionary(grouping: digest.items, by: \.source)
        for (source, items) in bySource {
            let remembered =
                dryRun
                ? try read { try recall(items, source: source, now: now, in: $0) }
                : try write { db in try recall(items, source: source, now: now, in: db, recording: true) }
            for (item, itemMemory) in zip(items, remembered) { memory[item] = itemMemory }
        }
        if !dryRun { try recordRun(digest, memory: memory, at: now) }
        return memory
    }

    /// Each item's memory, one source's items at a time: what the store knows is read in
    /// two queries (by id for this source, by canonical URL for the config), not one per
    /// item, and the items are written through one prepared statement.
    private func recall(
        _ items: [FeedItem], source: String, now: Date, in db: Database, recording: Bool = false
    ) throws -> [ItemMemory] {
        let byID = try known(
            db, sql: "SELECT itemID, firstSeen, readAt FROM item WHERE config = ? AND source = ?", [config, source])
        let urls = items.map { $0.urlString.map(CanonicalURL.key) }
        let unknownByID = zip(items, urls).contains { byID[$0.0.id] == nil && $0.1 != nil }
        let byURL =
            unknownByID
            ? try known(
                db,
                sql:
                    "SELECT canonicalURL, MIN(firstSeen), MAX(readAt) FROM item WHERE config = ? AND canonicalURL IS NOT NULL GROUP BY canonicalURL",
                [config]
            ) : [:]
        let upsert =
            recording
            ? try db.cachedStatement(
                sql: """
                    INSERT INTO item (config, source, itemID, canonicalURL, firstSeen, lastSeen, readAt) VALUES (?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (config, source, itemID) DO UPDATE SET lastSeen = excluded.lastSeen, canonicalURL = excluded.canonicalURL
                    """) : nil
        return try zip(items, urls).map { item, url in
            let remembered = byID[item.id] ?? url.flatMap { byURL[$0] }
            let firstSeen = remembered?.firstSeen ?? now.timeIntervalSince1970
            try upsert?.execute(arguments: [
                config, source, item.id, url, firstSeen, now.timeIntervalSince1970, remembered?.readAt,
            ])
            return ItemMemory(
                firstSeen: Date(timeIntervalSince1970: firstSeen), isNew: remembered == nil,
                isRead: remembered?.readAt != nil)
        }
    }

    /// Rows of (key, firstSeen, readAt), by key.
    private func known(_ db: Database, sql: String, _ arguments: StatementArguments) throws -> [String: (
        firstSeen: Double, readAt: Double?
    )] {
        var found: [String: (firstSeen: Double, readAt: Double?)] = [:]
        let rows = try Row.fetchCursor(db, sql: sql, arguments: arguments)
        while let row = try rows.next() { found[row[0]] = (row[1], row[2]) }
        return found
    }

    private func recordRun(_ digest: Digest, memory: DigestMemory, at now: Date) throws {
        let newBySource = Dictionary(grouping: digest.items.filter { memory[$0]?.isNew == true }, by: \.source)
            .mapValues(\.count)
        try write { db in
            try db.execute(
                sql: "INSERT INTO run (config, startedAt) VALUES (?, ?)",
                arguments: [config, now.timeIntervalSince1970])
            let run = db.lastInsertedRowID
            for status in digest.sources {
                let milliseconds = status.duration.map { Int($0.seconds * 1000) } ?? 0
                try db.execute(
                    sql:
                        "INSERT INTO sourceRun (run, source, status, message, itemCount, newCount, durationMs) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    arguments: [
                        run, status.id, status.state.rawValue, status.message, status.itemCount,
                        newBySource[status.id] ?? 0, milliseconds,
                    ]
                )
                // A cursor advances with the run that committed its items, and only after a success.
                if status.state == .ok, let cursor = status.cursor {
                    try db.execute(
                        sql: "INSERT OR REPLACE INTO cursor (config, source, value, updatedAt) VALUES (?, ?, ?, ?)",
                        arguments: [config, status.id, cursor, now.timeIntervalSince1970]
                    )
                }
            }
        }
    }
}
