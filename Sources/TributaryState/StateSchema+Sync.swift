import GRDB

extension StateSchema {
    /// An index that answers the sync APIs' counts (unread entries and the newest first-seen
    /// time per source, `syncUnreadCounts`) from the index alone, without reading the
    /// entries' rows and their text: Google Reader's `unread-count` is asked on every sync.
    static func syncCounts(_ db: Database) throws {
        try db.create(index: "entry_by_source_state", on: "entry", columns: ["source", "readAt", "firstSeen"])
    }
}
