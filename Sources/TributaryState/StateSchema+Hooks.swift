import GRDB

extension StateSchema {
    /// Each hook's outbox: a row per item a hook is to be given, with the item as the JSON
    /// line it is sent as, kept when it was queued, how many deliveries of it failed, and
    /// when it was delivered or given up on. A delivered row stays (until retention) so
    /// that an item offered again is not sent again.
    static func hookDeliveries(_ db: Database) throws {
        try db.create(table: "hookDelivery") { table in
            table.column("config", .text).notNull()
            table.column("hook", .text).notNull()
            table.column("itemID", .text).notNull()
            table.column("line", .text).notNull()
            table.column("queuedAt", .double).notNull()
            table.column("failures", .integer).notNull().defaults(to: 0)
            table.column("deliveredAt", .double)
            table.column("gaveUpAt", .double)
            table.primaryKey(["config", "hook", "itemID"])
        }
    }
}
