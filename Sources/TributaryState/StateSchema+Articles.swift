import GRDB

extension StateSchema {
    /// Full-text articles: per config, source and item (`StoreKey` of its id), the article a
    /// run fetched for an entry with `fullText`, or why its page failed and how many runs
    /// tried it, so that no page is fetched twice. Kept apart from `entry`, whose rows are
    /// written only when a run commits, while articles are kept as soon as they are fetched.
    static func articles(_ db: Database) throws {
        try db.create(table: "article", options: .withoutRowID) { table in
            table.column("config", .text).notNull()
            table.column("source", .text).notNull()
            table.column("idKey", .integer).notNull()
            table.column("content", .text)
            table.column("failure", .text)
            table.column("attempts", .integer).notNull()
            table.column("fetchedAt", .double).notNull()
            table.primaryKey(["config", "source", "idKey"])
        }
        try db.create(index: "article_by_fetchedAt", on: "article", columns: ["fetchedAt"])
    }
}
