import Foundation
import GRDB
import Tributary

extension StateStore {
    /// Remembers a run: which of the digest's items are new (no earlier run of this config
    /// showed them, matched by id, then by canonical URL when an upstream id changed), each
    /// item's first- and last-seen times, and each source's outcome, in one transaction: a
    /// run killed before it commits leaves the store as the run before left it (and printed
    /// nothing, as the digest is drawn from what this returns). With `dryRun`, reads only
    /// and writes nothing. A known item's last-seen time is rewritten only when it is older
    /// than a day, or than half of `retention` when that is shorter (nil: on every run).
    ///
    /// One transaction for the run, not one per source: 500 sources' commits rewrote the
    /// same pages 500 times into the write-ahead log.
    public func remember(
        _ digest: Digest, at now: Date, dryRun: Bool = false, retention: Duration? = nil
    ) throws -> DigestMemory {
        // Keys are made before the transaction, on every core.
        let bySource = Dictionary(grouping: digest.items, by: \.source).map { ($0, $1, KeyedItems($1)) }
        let step = Self.lastSeenStep(retention: retention)
        let recalled = { (db: Database, step: Double?) in
            try bySource.map { source, items, keyed in
                (source, items, try self.recall(keyed, source: source, now: now, in: db, recordingWith: step))
            }
        }
        let remembered =
            try dryRun
            ? read { db in try recalled(db, nil) }
            : write { db in
                let remembered = try recalled(db, step)
                try recordRun(digest, newBySource: Self.newCounts(remembered), at: now, in: db)
                return remembered
            }
        var memory = DigestMemory()
        for (source, items, memories) in remembered { memory.set(memories, for: items, of: source) }
        return memory
    }

    private static func newCounts(_ remembered: [(String, [FeedItem], [ItemMemory])]) -> [String: Int] {
        Dictionary(
            uniqueKeysWithValues: remembered.map { source, _, memories in (source, memories.count(where: \.isNew)) })
    }

    /// Each item's memory, one source's items at a time; with a `step`, also records them.
    private func recall(
        _ keyed: KeyedItems, source: String, now: Date, in db: Database, recordingWith step: Double? = nil
    ) throws -> [ItemMemory] {
        let row = try sourceRow(source, creating: step != nil, in: db)
        let known = try matches(keyed, source: row, in: db)
        let memories = known.map { match in
            ItemMemory(
                firstSeen: Date(timeIntervalSince1970: match?.firstSeen ?? now.timeIntervalSince1970),
                isNew: match == nil, isRead: match?.readAt != nil)
        }
        if let step, let row {
            try record(keyed, known: known, source: row, now: now.timeIntervalSince1970, step: step, in: db)
        }
        return memories
    }

    /// Records the run and each source's outcome (`newBySource`: how many of its items were new).
    private func recordRun(_ digest: Digest, newBySource: [String: Int], at now: Date, in db: Database) throws {
        try db.execute(
            sql: "INSERT INTO run (config, startedAt) VALUES (?, ?)",
            arguments: [config, now.timeIntervalSince1970])
        let run = db.lastInsertedRowID
        let outcome = try db.cachedStatement(
            sql: "INSERT INTO sourceRun (run, source, status, message, itemCount, newCount, durationMs) "
                + "VALUES (?, ?, ?, ?, ?, ?, ?)")
        let cursor = try db.cachedStatement(
            sql: "INSERT OR REPLACE INTO cursor (config, source, value, updatedAt) VALUES (?, ?, ?, ?)")
        for status in digest.sources {
            let milliseconds = status.duration.map { Int($0.seconds * 1000) } ?? 0
            try outcome.execute(arguments: [
                run, status.id, status.state.rawValue, status.message, status.itemCount,
                newBySource[status.id] ?? 0, milliseconds,
            ])
            // A cursor advances with the run that committed its items, and only after a success.
            if status.state == .ok, let value = status.cursor {
                try cursor.execute(arguments: [config, status.id, value, now.timeIntervalSince1970])
            }
        }
    }
}
