import GRDB

extension StateSchema {
    /// An index that answers the sync APIs' counts (unread entries and the newest first-seen
    /// time per source, `syncUnreadCounts`) from the index alone, without reading the
    /// entries' rows and their text: Google Reader's `unread-count` is asked on every sync.
    static func syncCounts(_ db: Database) throws {
        try db.create(index: "entry_by_source_state", on: "entry", columns: ["source", "readAt", "firstSeen"])
    }

    /// A new entry is added to the search index by `ArchivePlan.write`'s own prepared
    /// statement, not by an `AFTER INSERT` trigger: through the trigger, indexing a first
    /// run of 100,000 items took 5.4 s of its 6.7 s in SQLite; by statement, 1.3 s. Updates
    /// and deletes keep their triggers (rare, and from more places).
    static func searchIndexedByStatement(_ db: Database) throws {
        try db.execute(sql: "DROP TRIGGER IF EXISTS entry_indexed")
    }
}
