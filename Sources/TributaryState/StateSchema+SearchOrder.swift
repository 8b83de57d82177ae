import GRDB

extension StateSchema {
    /// The search index keyed by date: each entry's FTS5 row is `searchKey`, its date's
    /// whole seconds then its id, so FTS5 yields the newest matches first and a search stops
    /// at its limit, where it read and sorted every match before (`docs/design/performance.md`).
    /// The index keeps no copy of the text
    /// (contentless; the triggers give it the old text to forget, as `entry` holds it), nor
    /// each row's column sizes (`columnsize = 0`: only ranking by relevance reads them).
    /// Its large keys cost bytes (about twice an index keyed by id). The rows go in in key order, as FTS5 writes a segment whenever a key falls (`ArchivePlan`).
    static func searchByDate(_ db: Database) throws {
        try db.execute(
            sql: """
                DROP TRIGGER entry_unindexed;
                DROP TRIGGER entry_reindexed;
                DROP TABLE entrySearch;
                CREATE VIRTUAL TABLE entrySearch USING fts5(
                    title, summary, author, tags, content = '', columnsize = 0,
                    tokenize = 'unicode61 remove_diacritics 2');
                INSERT INTO entrySearch (rowid, title, summary, author, tags)
                    SELECT \(searchKey("entry")), title, summary, author, tags FROM entry ORDER BY 1;
                CREATE TRIGGER entry_unindexed AFTER DELETE ON entry BEGIN
                    INSERT INTO entrySearch (entrySearch, rowid, title, summary, author, tags)
                    VALUES ('delete', \(searchKey("old")), old.title, old.summary, old.author, old.tags);
                END;
                CREATE TRIGGER entry_reindexed
                AFTER UPDATE OF title, summary, author, tags, published, firstSeen ON entry BEGIN
                    INSERT INTO entrySearch (entrySearch, rowid, title, summary, author, tags)
                    VALUES ('delete', \(searchKey("old")), old.title, old.summary, old.author, old.tags);
                    INSERT INTO entrySearch (rowid, title, summary, author, tags)
                    VALUES (\(searchKey("new")), new.title, new.summary, new.author, new.tags);
                END;
                """)
    }

    /// The search index's row of the entry `row` (a table name, `old` or `new`): the whole
    /// seconds of its publication time, else its first-seen time (held between ±2^32 s),
    /// shifted past the 31 bits of its id. `searchKeyID` takes the id back out.
    static func searchKey(_ row: String) -> String {
        """
        ((MIN(MAX(CAST(COALESCE(\(row).published, \(row).firstSeen) AS INTEGER), -4294967296), 4294967295) << 31) \
        | \(row).id)
        """
    }

    /// The entry id of a search index row, `searchKey`'s low 31 bits.
    static func searchKeyID(_ rowid: String) -> String {
        "(\(rowid) & 2147483647)"
    }
}
