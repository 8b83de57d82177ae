import Foundation
import GRDB
import Tributary

/// `tributary remove --forget`: everything the store keeps of some sources.
extension StateStore {
    /// Forgets these sources of this config: their archived items (starred ones too),
    /// articles, the keys of items seen, cursors, snapshots and run outcomes. Returns how
    /// many archived items went.
    @discardableResult
    public func forget(sources: [String]) throws -> Int {
        guard !sources.isEmpty else { return 0 }
        return try write { db in
            let names = databaseQuestionMarks(count: sources.count)
            let arguments = StatementArguments([config]) + StatementArguments(sources)
            let entries =
                try Int.fetchOne(
                    db,
                    sql: """
                        SELECT COUNT(*) FROM entry JOIN source ON source.id = entry.source
                        WHERE source.config = ? AND source.name IN (\(names))
                        """, arguments: arguments) ?? 0
            for table in ["article", "cursor", "snapshot", "snapshotChunk"] where try db.tableExists(table) {
                try db.execute(
                    sql: "DELETE FROM \(table) WHERE config = ? AND source IN (\(names))", arguments: arguments)
            }
            try db.execute(
                sql: """
                    DELETE FROM sourceRun WHERE source IN (\(names))
                    AND run IN (SELECT id FROM run WHERE config = ?)
                    """, arguments: StatementArguments(sources) + StatementArguments([config]))
            // Item keys, item sets and archive entries go with their source row (ON DELETE CASCADE).
            try db.execute(
                sql: "DELETE FROM source WHERE config = ? AND name IN (\(names))", arguments: arguments)
            return entries
        }
    }
}
