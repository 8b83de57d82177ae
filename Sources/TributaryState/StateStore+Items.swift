import Foundation
import GRDB
import Tributary

extension StateStore {
    /// Remembers a run: which of the digest's items are new (no earlier run of this config
    /// showed them, matched by id, then by canonical URL when an upstream id changed), each
    /// item's first- and last-seen times, and each source's outcome. One transaction per
    /// source's items, and one for the run. With `dryRun`, reads only and writes nothing.
    /// A known item's last-seen time is rewritten only when it is older than a day, or
    /// than half of `retention` when that is shorter (nil: on every run).
    public func remember(
        _ digest: Digest, at now: Date, dryRun: Bool = false, retention: Duration? = nil
    ) throws -> DigestMemory {
        var memory = DigestMemory()
        var newBySource: [String: Int] = [:]
        let bySource = Dictionary(grouping: digest.items, by: \.source)
        let step = Self.lastSeenStep(retention: retention)
        for (source, items) in bySource {
            let remembered =
                dryRun
                ? try read { try recall(items, source: source, now: now, in: $0) }
                : try write { db in try recall(items, source: source, now: now, in: db, recordingWith: step) }
            memory.set(remembered, for: items, of: source)
            newBySource[source] = remembered.count(where: \.isNew)
        }
        if !dryRun { try recordRun(digest, newBySource: newBySource, at: now) }
        return memory
    }

    /// Each item's memory, one source's items at a time; with a `step`, also records them.
    private func recall(
        _ items: [FeedItem], source: String, now: Date, in db: Database, recordingWith step: Double? = nil
    ) throws -> [ItemMemory] {
        let urls = items.map { $0.urlString.map(CanonicalURL.key) }
        let known = try matches(items, urls: urls, source: source, in: db)
        let memories = known.map { match in
            ItemMemory(
                firstSeen: Date(timeIntervalSince1970: match?.firstSeen ?? now.timeIntervalSince1970),
                isNew: match == nil, isRead: match?.readAt != nil)
        }
        if let step {
            try record(
                items, urls: urls, known: known, source: source, now: now.timeIntervalSince1970, step: step, in: db)
        }
        return memories
    }

    /// Records the run and each source's outcome (`newBySource`: how many of its items were new).
    private func recordRun(_ digest: Digest, newBySource: [String: Int], at now: Date) throws {
        try write { db in
            try db.execute(
                sql: "INSERT INTO run (config, startedAt) VALUES (?, ?)",
                arguments: [config, now.timeIntervalSince1970])
            let run = db.lastInsertedRowID
            for status in digest.sources {
                let milliseconds = status.duration.map { Int($0.seconds * 1000) } ?? 0
                try db.execute(
                    sql:
                        "INSERT INTO sourceRun (run, source, status, message, itemCount, newCount, durationMs) "
                        + "VALUES (?, ?, ?, ?, ?, ?, ?)",
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
