import Foundation
import GRDB
import Tributary

extension StateStore {
    /// The numbered rows of the last text digest of this config, as printed.
    public struct DigestRows: Sendable, Equatable {
        /// The item ids; row `n` is `itemIDs[n - 1]`.
        public var itemIDs: [String]
        public var shownAt: Date
    }

    /// Keeps `itemIDs` as this config's last numbered digest, shown at `now`.
    public func saveRows(_ itemIDs: [String], at now: Date) throws {
        try write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO digestRows (config, itemIDs, shownAt) VALUES (?, ?, ?)",
                arguments: [
                    config, String(decoding: try JSONEncoder().encode(itemIDs), as: UTF8.self),
                    now.timeIntervalSince1970,
                ])
        }
    }

    /// This config's last numbered digest; nil when no text digest was shown with this store.
    public func lastRows() throws -> DigestRows? {
        try read { db in
            try Row.fetchOne(
                db, sql: "SELECT itemIDs, shownAt FROM digestRows WHERE config = ?", arguments: [config]
            ).map { row in
                let ids: String = row[0]
                return DigestRows(
                    itemIDs: try JSONDecoder().decode([String].self, from: Data(ids.utf8)),
                    shownAt: Date(timeIntervalSince1970: row[1]))
            }
        }
    }
}
