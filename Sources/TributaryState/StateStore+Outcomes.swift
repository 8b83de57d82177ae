import Foundation
import GRDB
import Tributary

/// What `state`, `list`, `watch` and `serve` say of each source beside its items: how
/// many of its archived items are unread, and the outcomes of live refreshes.
extension StateStore {
    /// How many archived items of each of this config's sources are unread, by source id;
    /// a source with none is absent.
    public func unreadCounts() throws -> [String: Int] {
        try read { db in
            var counts: [String: Int] = [:]
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT source.name, COUNT(*) FROM entry JOIN source ON source.id = entry.source
                    WHERE source.config = ? AND entry.readAt IS NULL GROUP BY source.name
                    """, arguments: [config])
            while let row = try rows.next() { counts[row[0]] = row[1] }
            return counts
        }
    }

    /// Records a run of the sources in `digest` (their statuses and cursors), as a batch
    /// run does: `watch` and `serve` call it as their sources answer, so that `state`
    /// tells how their last refresh went. `newBySource`: how many of each one's items were new.
    public func recordOutcomes(of digest: Digest, newBySource: [String: Int], at now: Date) throws {
        guard !digest.sources.isEmpty else { return }
        try write { db in try recordRun(digest, newBySource: newBySource, at: now, in: db) }
    }
}
