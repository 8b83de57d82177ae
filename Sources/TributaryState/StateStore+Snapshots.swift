import Foundation
import GRDB
import Tributary

/// Stale-if-error snapshots live in the store, beside what the items' memory says: a
/// `snapshot` row with the time, and the items in `snapshotChunk` rows of
/// `SnapshotCoding.chunkSize` items, so a 100,000-item source is written and read a piece
/// at a time instead of as one 74 MB value (which took 250 MB more memory at its peak).
extension StateStore: SnapshotKeeper {
    /// Queues the snapshot and returns; the store's writer writes it (see `SnapshotQueue`),
    /// before any later write of this store, such as the run's `remember`.
    public func save(_ items: [FeedItem], for sourceID: String, at savedAt: Date) {
        guard snapshotQueue.add(.init(savedAt: savedAt, items: items), for: sourceID) else { return }
        // A snapshot that cannot be kept only costs stale-if-error later; the run goes on.
        // GRDB runs the completion on the writer before its next write, which takes the next batch.
        database.asyncWrite(
            { db in try self.writeQueuedSnapshots(in: db) }, completion: { _, _ in self.snapshotQueue.writeEnded() })
    }

    /// Returns once every snapshot queued by now is written (or failed to be).
    public func finishQueuedWrites() {
        database.writeWithoutTransaction { _ in }
    }

    /// Writes every snapshot queued by now, in one transaction.
    private func writeQueuedSnapshots(in db: Database) throws {
        for (sourceID, snapshot) in snapshotQueue.takeAll() {
            try db.cachedStatement(sql: "INSERT OR REPLACE INTO snapshot (config, source, savedAt) VALUES (?, ?, ?)")
                .execute(arguments: [config, sourceID, snapshot.savedAt.timeIntervalSince1970])
            // A piece equal to the one kept is not written again (SQLite compares them): a
            // source whose items did not change writes nothing but the time.
            let upsert = try db.cachedStatement(
                sql: """
                    INSERT INTO snapshotChunk (config, source, chunk, items) VALUES (?, ?, ?, ?)
                    ON CONFLICT (config, source, chunk) DO UPDATE SET items = excluded.items
                    WHERE items IS NOT excluded.items
                    """)
            var count = 0
            try SnapshotCoding.encodeChunks(snapshot.items) { index, data in
                try upsert.execute(arguments: [config, sourceID, index, data])
                count = index + 1
            }
            try db.cachedStatement(sql: "DELETE FROM snapshotChunk WHERE config = ? AND source = ? AND chunk >= ?")
                .execute(arguments: [config, sourceID, count])
        }
    }

    public func load(for sourceID: String) -> (savedAt: Date, items: [FeedItem])? {
        if let queued = snapshotQueue.unwritten(for: sourceID) { return (queued.savedAt, queued.items) }
        return try? read { db -> (savedAt: Date, items: [FeedItem])? in
            let arguments: StatementArguments = [config, sourceID]
            let condition = "WHERE config = ? AND source = ?"
            guard
                let savedAt = try Double.fetchOne(
                    db, sql: "SELECT savedAt FROM snapshot " + condition, arguments: arguments)
            else { return nil }
            var items: [FeedItem] = []
            let chunks = try Data.fetchCursor(
                db, sql: "SELECT items FROM snapshotChunk \(condition) ORDER BY chunk", arguments: arguments)
            while let chunk = try chunks.next() {
                guard let decoded = SnapshotCoding.decode(chunk) else { return nil }
                items += decoded
            }
            return (Date(timeIntervalSince1970: savedAt), items)
        }.flatMap { $0 }
    }
}

extension StateStore {
    /// The cursor the source's last committed run left.
    public func cursor(for sourceID: String) -> String? {
        try? read { db in
            try String.fetchOne(
                db, sql: "SELECT value FROM cursor WHERE config = ? AND source = ?", arguments: [config, sourceID])
        }.flatMap { $0 }
    }
}
