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
            let remembered = dryRun ? try read { try recall(items, source: source, now: now, in: $0) }
                : try write { db in try recall(items, source: source, now: now, in: db, recording: true) }
            for (item, itemMemory) in zip(items, remembered) { memory[item] = itemMemory }
        }
        if !dryRun { try recordRun(digest, memory: memory, at: now) }
        return memory
    }

    private func recall(
        _ items: [FeedItem], source: String, now: Date, in db: Database, recording: Bool = false
    ) throws -> [ItemMemory] {
        try items.map { item in
            let url = item.urlString.map(CanonicalURL.key)
            let known = try Row.fetchOne(
                db, sql: "SELECT firstSeen, readAt FROM item WHERE config = ? AND source = ? AND itemID = ?",
                arguments: [config, source, item.id]
            ) ?? url.flatMap { url in
                try Row.fetchOne(
                    db, sql: "SELECT MIN(firstSeen) AS firstSeen, MAX(readAt) AS readAt FROM item WHERE config = ? AND canonicalURL = ? HAVING COUNT(*) > 0",
                    arguments: [config, url]
                )
            }
            let firstSeen = known.map { Date(timeIntervalSince1970: $0["firstSeen"]) } ?? now
            let readAt: Double? = known?["readAt"]
            if recording {
                try db.execute(
                    sql: """
                        INSERT INTO item (config, source, itemID, canonicalURL, firstSeen, lastSeen, readAt) VALUES (?, ?, ?, ?, ?, ?, ?)
                        ON CONFLICT (config, source, itemID) DO UPDATE SET lastSeen = excluded.lastSeen, canonicalURL = excluded.canonicalURL
                        """,
                    arguments: [config, source, item.id, url, firstSeen.timeIntervalSince1970, now.timeIntervalSince1970, readAt]
                )
            }
            return ItemMemory(firstSeen: firstSeen, isNew: known == nil, isRead: readAt != nil)
        }
    }

    private func recordRun(_ digest: Digest, memory: DigestMemory, at now: Date) throws {
        let newBySource = Dictionary(grouping: digest.items.filter { memory[$0]?.isNew == true }, by: \.source).mapValues(\.count)
        try write { db in
            try db.execute(sql: "INSERT INTO run (config, startedAt) VALUES (?, ?)", arguments: [config, now.timeIntervalSince1970])
            let run = db.lastInsertedRowID
            for status in digest.sources {
                let milliseconds = status.duration.map { Int($0.seconds * 1000) } ?? 0
                try db.execute(
                    sql: "INSERT INTO sourceRun (run, source, status, message, itemCount, newCount, durationMs) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    arguments: [run, status.id, status.state.rawValue, status.message, status.itemCount, newBySource[status.id] ?? 0, milliseconds]
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
