import Foundation
import GRDB
import Tributary

extension StateStore {
    /// One source as `tributary state` shows it.
    public struct SourceSummary: Sendable, Equatable {
        public var source: String
        public var lastRun: Date
        public var status: String
        public var message: String?
        /// How many items of the source the store remembers.
        public var itemsKept: Int
        /// How many of its items were new in its last run.
        public var newInLastRun: Int
    }

    /// Every source this config ran, by id, with its last run.
    public func summary() throws -> [SourceSummary] {
        try read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT sourceRun.source, run.startedAt, sourceRun.status, sourceRun.message, sourceRun.newCount,
                           COALESCE((SELECT itemSet.count FROM itemSet JOIN source ON source.id = itemSet.source
                            WHERE source.config = run.config AND source.name = sourceRun.source), 0) AS kept
                    FROM sourceRun JOIN run ON run.id = sourceRun.run
                    WHERE run.config = ? AND run.id = (
                        SELECT MAX(latest.run) FROM sourceRun AS latest JOIN run AS r ON r.id = latest.run
                        WHERE r.config = run.config AND latest.source = sourceRun.source)
                    ORDER BY sourceRun.source
                    """,
                arguments: [config]
            )
            return rows.map { row in
                SourceSummary(
                    source: row["source"], lastRun: Date(timeIntervalSince1970: row["startedAt"]),
                    status: row["status"],
                    message: row["message"], itemsKept: row["kept"], newInLastRun: row["newCount"]
                )
            }
        }
    }

    /// The time this config's last run started, if it ran before (`--since last`).
    public func lastRunStart() throws -> Date? {
        try read { db in
            try Double.fetchOne(db, sql: "SELECT MAX(startedAt) FROM run WHERE config = ?", arguments: [config])
        }.map(Date.init(timeIntervalSince1970:))
    }

    /// Forgets items not seen, and runs not made, within `retention` before `now`, for
    /// every config in the store; returns how many items went. An item's last-seen time
    /// may lag by `lastSeenStep`, so items are kept that much longer, never forgotten early.
    /// The archive forgets read entries so too, unread ones not seen within `unreadRetention`
    /// (when longer than `retention`), starred ones never; full-text articles go with both.
    @discardableResult
    public func prune(
        olderThan retention: Duration, unreadRetention: Duration = StateStore.defaultUnreadRetention, now: Date
    ) throws -> Int {
        let cutoff = now.timeIntervalSince1970 - retention.seconds
        let lastSeenCutoff = cutoff - Self.lastSeenStep(retention: retention)
        let unreadCutoff = min(
            lastSeenCutoff,
            now.timeIntervalSince1970 - unreadRetention.seconds - Self.lastSeenStep(retention: retention))
        return try write { db in
            try db.cachedStatement(
                sql: """
                    DELETE FROM entry WHERE lastSeen < ? AND starredAt IS NULL AND (readAt IS NOT NULL OR lastSeen < ?)
                    """
            ).execute(arguments: [lastSeenCutoff, unreadCutoff])
            var items = 0
            for (source, var set) in try ItemSetTable.load(seenBefore: lastSeenCutoff, in: db) {
                items += set.removeRecords(lastSeenBefore: lastSeenCutoff)
                try ItemSetTable.save(set, of: source, in: db)
            }
            try db.execute(sql: "DELETE FROM run WHERE startedAt < ?", arguments: [cutoff])
            // An article goes with its item: fetched before the retention and in no archive entry.
            try db.execute(
                sql: """
                    DELETE FROM article WHERE fetchedAt < ? AND NOT EXISTS (
                        SELECT 1 FROM entry JOIN source ON source.id = entry.source
                        WHERE source.config = article.config AND source.name = article.source
                            AND entry.idKey = article.idKey)
                    """, arguments: [lastSeenCutoff])
            // Foreign keys already cascade; this catches rows a store without them left, by
            // the primary key's range (run ids grow), not a scan of every outcome ever kept.
            try db.execute(
                sql: "DELETE FROM sourceRun WHERE run < COALESCE((SELECT MIN(id) FROM run), 9223372036854775807)")
            return items
        }
    }

    /// How long the archive keeps an unread item no run showed again: a year.
    public static let defaultUnreadRetention = Duration.seconds(365 * 86_400)
}
