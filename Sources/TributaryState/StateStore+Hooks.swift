import Foundation
import GRDB
import Tributary

extension StateStore {
    /// An item waiting for one hook: its id and the JSON line it is sent as.
    public struct QueuedItem: Sendable, Equatable {
        public var itemID: String
        public var line: String

        public init(itemID: String, line: String) {
            self.itemID = itemID
            self.line = line
        }
    }

    /// Queues `items` for each hook in `hooks` (by key), in one transaction; an item a hook
    /// was already given (or is already waiting for, or was given up on) is left as it is,
    /// so queueing again never sends twice. Returns how many rows were added.
    @discardableResult
    public func queue(_ items: [QueuedItem], forHooks hooks: [String], at now: Date) throws -> Int {
        guard !items.isEmpty, !hooks.isEmpty else { return 0 }
        return try write { db in
            let insert = try db.cachedStatement(
                sql: """
                    INSERT OR IGNORE INTO hookDelivery (config, hook, itemID, line, queuedAt)
                    VALUES (?, ?, ?, ?, ?)
                    """)
            var added = 0
            for hook in hooks {
                for item in items {
                    try insert.execute(arguments: [config, hook, item.itemID, item.line, now.timeIntervalSince1970])
                    added += db.changesCount
                }
            }
            return added
        }
    }

    /// The items waiting for `hook`, oldest first (in the order they were queued).
    public func queued(forHook hook: String) throws -> [QueuedItem] {
        try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT itemID, line FROM hookDelivery
                    WHERE config = ? AND hook = ? AND deliveredAt IS NULL AND gaveUpAt IS NULL
                    ORDER BY queuedAt, rowid
                    """,
                arguments: [config, hook]
            ).map { QueuedItem(itemID: $0[0], line: $0[1]) }
        }
    }

    /// Records that `hook` acknowledged `itemIDs` at `now`: they are never offered to it again.
    public func markDelivered(_ itemIDs: [String], toHook hook: String, at now: Date) throws {
        try write { db in
            let statement = try db.cachedStatement(
                sql: """
                    UPDATE hookDelivery SET deliveredAt = ?
                    WHERE config = ? AND hook = ? AND itemID = ? AND deliveredAt IS NULL
                    """)
            for itemID in itemIDs {
                try statement.execute(arguments: [now.timeIntervalSince1970, config, hook, itemID])
            }
        }
    }

    /// Records a failed delivery of `itemIDs` to `hook`: each is offered again next run,
    /// unless this was its failure number `retries + 1`, which gives it up. Returns how
    /// many were given up.
    @discardableResult
    public func markFailed(_ itemIDs: [String], toHook hook: String, retries: Int, at now: Date) throws -> Int {
        try write { db in
            let statement = try db.cachedStatement(
                sql: """
                    UPDATE hookDelivery
                    SET failures = failures + 1, gaveUpAt = CASE WHEN failures + 1 > ? THEN ? END
                    WHERE config = ? AND hook = ? AND itemID = ? AND deliveredAt IS NULL AND gaveUpAt IS NULL
                    RETURNING gaveUpAt
                    """)
            var givenUp = 0
            for itemID in itemIDs {
                let gaveUp = try Double.fetchOne(
                    statement, arguments: [retries, now.timeIntervalSince1970, config, hook, itemID])
                if gaveUp != nil { givenUp += 1 }
            }
            return givenUp
        }
    }

    /// Forgets the outbox rows delivered or given up on before `now - retention`: by then
    /// the store has forgotten the items too, so one seen again is new again.
    public func pruneHookDeliveries(olderThan retention: Duration, now: Date) throws {
        try write { db in
            try db.execute(
                sql: """
                    DELETE FROM hookDelivery
                    WHERE config = ? AND queuedAt < ? AND (deliveredAt IS NOT NULL OR gaveUpAt IS NOT NULL)
                    """,
                arguments: [config, now.timeIntervalSince1970 - retention.seconds])
        }
    }
}
