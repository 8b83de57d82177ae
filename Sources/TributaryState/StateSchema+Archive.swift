import GRDB

extension StateSchema {
    /// The archive: a row per item a run showed, with what a reader needs to show it again,
    /// its read and starred state, and an id of its own (`entry.id`: assigned once, never
    /// reused, as AUTOINCREMENT keeps the highest id ever given in `sqlite_sequence`).
    /// `entrySearch` indexes its text with FTS5, reading the text from `entry` itself
    /// (an external-content table, kept in step by triggers), so the text is kept once.
    /// v5's item sets stay; their items gain rows on the next run that shows them.
    static func version6(_ db: Database) throws {
        try db.create(table: "entry") { table in
            table.autoIncrementedPrimaryKey("id")
            table.column("source", .integer).notNull().references("source", onDelete: .cascade)
            table.column("idKey", .integer).notNull()
            table.column("fingerprint", .integer).notNull()
            table.column("itemID", .text).notNull()
            table.column("sourceType", .text).notNull()
            table.column("kind", .text).notNull()
            table.column("title", .text).notNull()
            table.column("url", .text)
            table.column("author", .text)
            table.column("published", .double)
            table.column("score", .double)
            table.column("summary", .text)
            table.column("thumbnail", .text)
            table.column("image", .text)
            table.column("tags", .text).notNull()
            table.column("firstSeen", .double).notNull()
            table.column("lastSeen", .double).notNull()
            table.column("readAt", .double)
            table.column("starredAt", .double)
            table.uniqueKey(["source", "idKey"])
        }
        try db.create(index: "entry_by_lastSeen", on: "entry", columns: ["lastSeen"])
        try db.execute(
            sql: """
                CREATE VIRTUAL TABLE entrySearch USING fts5(
                    title, summary, author, tags, content = 'entry', content_rowid = 'id',
                    tokenize = 'unicode61 remove_diacritics 2');
                CREATE TRIGGER entry_indexed AFTER INSERT ON entry BEGIN
                    INSERT INTO entrySearch (rowid, title, summary, author, tags)
                    VALUES (new.id, new.title, new.summary, new.author, new.tags);
                END;
                CREATE TRIGGER entry_unindexed AFTER DELETE ON entry BEGIN
                    INSERT INTO entrySearch (entrySearch, rowid, title, summary, author, tags)
                    VALUES ('delete', old.id, old.title, old.summary, old.author, old.tags);
                END;
                CREATE TRIGGER entry_reindexed AFTER UPDATE OF title, summary, author, tags ON entry BEGIN
                    INSERT INTO entrySearch (entrySearch, rowid, title, summary, author, tags)
                    VALUES ('delete', old.id, old.title, old.summary, old.author, old.tags);
                    INSERT INTO entrySearch (rowid, title, summary, author, tags)
                    VALUES (new.id, new.title, new.summary, new.author, new.tags);
                END;
                """)
    }

    /// A new entry is added to the search index by `ArchivePlan.write`'s own prepared
    /// statement, not by an `AFTER INSERT` trigger, which cost most of a first run's time in
    /// SQLite (`docs/design/performance.md`). Updates and deletes keep their triggers (rare,
    /// and from more places).
    static func searchIndexedByStatement(_ db: Database) throws {
        try db.execute(sql: "DROP TRIGGER IF EXISTS entry_indexed")
    }
}
