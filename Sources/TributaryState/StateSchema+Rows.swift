import GRDB

extension StateSchema {
    /// The numbered rows of each config's last text digest: the item ids in the order they
    /// were printed (a JSON array), one value per config, so `mark-read 3 5-9` names items by the numbers
    /// the reader saw.
    static func digestRows(_ db: Database) throws {
        try db.create(table: "digestRows") { table in
            table.primaryKey("config", .text)
            table.column("itemIDs", .text).notNull()
            table.column("shownAt", .double).notNull()
        }
    }
}
