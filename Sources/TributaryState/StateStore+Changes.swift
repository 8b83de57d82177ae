import GRDB

extension StateStore {
    /// SQLite's `data_version`: it changes when another connection (another process's
    /// `mark-read`, `star`, a run) commits to the store, not on this connection's own
    /// writes, so a live view can tell that something outside it changed the store.
    public func dataVersion() throws -> Int {
        try database.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0 }
    }
}
