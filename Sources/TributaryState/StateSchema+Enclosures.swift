import GRDB

extension StateSchema {
    /// The archive keeps an item's enclosures (a podcast's episode): `entry.enclosures`, a
    /// JSON array as `FeedItem.enclosures` encodes it, NULL for an item without any (every
    /// row archived before this version, until a run shows its item again).
    static func enclosures(_ db: Database) throws {
        try db.alter(table: "entry") { table in
            table.add(column: "enclosures", .text)
        }
    }
}
