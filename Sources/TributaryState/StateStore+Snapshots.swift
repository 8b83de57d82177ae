import Foundation
import GRDB
import Tributary

/// Stale-if-error snapshots live in the store, beside what the items' memory says.
extension StateStore: SnapshotKeeper {
    public func save(_ items: [FeedItem], for sourceID: String, at savedAt: Date) {
        let data = SnapshotCoding.encode(items, savedAt: savedAt)
        // A snapshot that cannot be kept only costs stale-if-error later; the run goes on.
        try? write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO snapshot (config, source, savedAt, items) VALUES (?, ?, ?, ?)",
                arguments: [config, sourceID, savedAt.timeIntervalSince1970, data]
            )
        }
    }

    public func load(for sourceID: String) -> (savedAt: Date, items: [FeedItem])? {
        let data = try? read { db in
            try Data.fetchOne(
                db, sql: "SELECT items FROM snapshot WHERE config = ? AND source = ?", arguments: [config, sourceID])
        }
        return data.flatMap { $0 }.flatMap(SnapshotCoding.decode)
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
