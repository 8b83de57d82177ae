import Foundation
import GRDB
import Tributary

/// What the sync APIs (Miniflux, Google Reader) read: the archive's entries with their
/// source's row id (a feed's stable integer id), paged and filtered as clients ask, and
/// read and unread counts per source.
extension StateStore {
    /// One archive entry as a sync client sees it.
    public struct SyncEntry: Sendable {
        /// `entry.id`: never given twice.
        public var id: Int64
        /// The source's row id: the feed's id.
        public var feedID: Int64
        public var item: FeedItem
        public var firstSeen: Date
        public var lastSeen: Date
        public var readAt: Date?
        public var starredAt: Date?

        /// The publication time, else the time a run first showed the item.
        public var published: Date { item.published ?? firstSeen }
    }

    /// How entries are ordered.
    public enum SyncOrder: String, Sendable, CaseIterable {
        case id, status
        case publishedAt = "published_at"
        case createdAt = "created_at"
        case changedAt = "changed_at"
        case title, author

        var column: String {
            switch self {
            case .id: "entry.id"
            case .status: "(entry.readAt IS NOT NULL)"
            case .publishedAt: "COALESCE(entry.published, entry.firstSeen)"
            case .createdAt: "entry.firstSeen"
            case .changedAt: "MAX(entry.lastSeen, COALESCE(entry.readAt, 0), COALESCE(entry.starredAt, 0))"
            case .title: "entry.title COLLATE NOCASE"
            case .author: "entry.author COLLATE NOCASE"
            }
        }
    }

    /// Which entries to read, and in which order.
    public struct SyncQuery: Sendable {
        /// The feeds (source row ids) to read from; only these, however the rest is set.
        public var feeds: [Int64]
        /// true: unread only; false: read only; nil: both.
        public var unread: Bool?
        /// true: starred only; false: not starred only; nil: both.
        public var starred: Bool?
        public var entryIDs: [Int64]?
        /// Published (else first seen) before or after these times.
        public var publishedBefore: Date?
        public var publishedAfter: Date?
        /// First seen (crawled, in Google Reader's words) at or after, or before, these times.
        public var firstSeenFrom: Date?
        public var firstSeenBefore: Date?
        public var beforeEntryID: Int64?
        public var afterEntryID: Int64?
        /// Only the entries that come after this one in the query's order (ties broken by
        /// id): the next page after a page that ended with it, however many entries arrived
        /// meanwhile. An id the archive no longer holds selects nothing.
        public var continuingAfter: Int64?
        /// An FTS5 query over title, summary, author and tags.
        public var search: String?
        public var order = SyncOrder.publishedAt
        public var descending = false
        public var limit: Int?
        public var offset = 0
        /// Whether to count every entry selected (`total`); a client paging by continuation
        /// does not need it.
        public var counting = true

        public init(feeds: [Int64]) { self.feeds = feeds }
    }

    /// The source rows (feed ids) of these source names, made for those without one yet.
    public func syncFeedIDs(_ names: [String]) throws -> [String: Int64] {
        try write { db in try sourceRows(names, creating: true, in: db).filter { names.contains($0.key) } }
    }

    /// The entries `query` selects, a page of them, and how many it selects in all (0 when
    /// `query.counting` is false).
    public func syncEntries(_ query: SyncQuery) throws -> (total: Int, entries: [SyncEntry]) {
        guard !query.feeds.isEmpty else { return (0, []) }
        let direction = query.descending ? "DESC" : "ASC"
        func page(_ filter: String) -> String {
            """
            SELECT entry.id, entry.source, entry.itemID, source.name, entry.sourceType, entry.kind, entry.title,
                   entry.url, entry.author, entry.published, entry.score, entry.summary, entry.thumbnail,
                   entry.image, entry.tags, entry.firstSeen, entry.lastSeen, entry.readAt, entry.starredAt,
                   article.content, entry.enclosures
            FROM entry JOIN source ON source.id = entry.source
            LEFT JOIN article ON article.config = source.config AND article.source = source.name
                AND article.idKey = entry.idKey
            \(filter)
            ORDER BY \(query.order.column) \(direction), entry.id \(direction)
            LIMIT ? OFFSET ?
            """
        }
        return try read { db in
            let (filter, arguments) = try Self.syncFilter(query, in: db)
            let total =
                query.counting
                ? try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM entry \(filter)", arguments: arguments) ?? 0 : 0
            let rows = try Row.fetchAll(
                db, sql: page(filter), arguments: arguments + [query.limit ?? -1, query.offset])
            return (total, rows.map(Self.syncEntry))
        }
    }

    /// The ids and first-seen times of the entries `query` selects, a page of them: what a
    /// client that fetches contents later lists, without reading the entries' text.
    public func syncEntryIDs(_ query: SyncQuery) throws -> [(id: Int64, firstSeen: Date)] {
        guard !query.feeds.isEmpty else { return [] }
        let direction = query.descending ? "DESC" : "ASC"
        return try read { db in
            let (filter, arguments) = try Self.syncFilter(query, in: db)
            let sql = """
                SELECT entry.id, entry.firstSeen FROM entry \(filter)
                ORDER BY \(query.order.column) \(direction), entry.id \(direction) LIMIT ? OFFSET ?
                """
            return try Row.fetchAll(db, sql: sql, arguments: arguments + [query.limit ?? -1, query.offset]).map { row in
                (row[0], Date(timeIntervalSince1970: row[1]))
            }
        }
    }

    /// The `WHERE` clause of `query` (over `entry`) and its arguments; the entry a query
    /// continues after is looked up first, so that its sort key is a constant.
    private static func syncFilter(_ query: SyncQuery, in db: Database) throws -> (String, StatementArguments) {
        var conditions = ["entry.source IN (\(databaseQuestionMarks(count: query.feeds.count)))"]
        var arguments = StatementArguments(query.feeds)
        if let unread = query.unread { conditions.append(unread ? "entry.readAt IS NULL" : "entry.readAt IS NOT NULL") }
        if let starred = query.starred {
            conditions.append(starred ? "entry.starredAt IS NOT NULL" : "entry.starredAt IS NULL")
        }
        if let ids = query.entryIDs {
            conditions.append("entry.id IN (\(ids.isEmpty ? "NULL" : databaseQuestionMarks(count: ids.count)))")
            arguments += StatementArguments(ids)
        }
        let published = SyncOrder.publishedAt.column
        let bounds: [(String, Date?)] = [
            ("\(published) < ?", query.publishedBefore), ("\(published) > ?", query.publishedAfter),
            ("entry.firstSeen >= ?", query.firstSeenFrom), ("entry.firstSeen < ?", query.firstSeenBefore),
        ]
        for case (let condition, let date?) in bounds {
            conditions.append(condition)
            arguments += [date.timeIntervalSince1970]
        }
        if let id = query.beforeEntryID {
            conditions.append("entry.id < ?")
            arguments += [id]
        }
        if let id = query.afterEntryID {
            conditions.append("entry.id > ?")
            arguments += [id]
        }
        if let id = query.continuingAfter {
            let key = try Row.fetchOne(db, sql: "SELECT \(query.order.column) FROM entry WHERE id = ?", arguments: [id])
            if let key {
                conditions.append("(\(query.order.column), entry.id) \(query.descending ? "<" : ">") (?, ?)")
                arguments += [key[0] as DatabaseValue, id]
            } else {
                conditions.append("0")
            }
        }
        if let search = query.search {
            let id = StateSchema.searchKeyID("rowid")
            conditions.append("entry.id IN (SELECT \(id) FROM entrySearch WHERE entrySearch MATCH ?)")
            arguments += [search]
        }
        return ("WHERE " + conditions.joined(separator: " AND "), arguments)
    }

    /// Read and unread entries per feed (source row id), for the given feeds.
    public func syncCounts(_ feeds: [Int64]) throws -> [Int64: (read: Int, unread: Int)] {
        guard !feeds.isEmpty else { return [:] }
        return try read { db in
            var counts: [Int64: (read: Int, unread: Int)] = [:]
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT source, SUM(readAt IS NOT NULL), SUM(readAt IS NULL) FROM entry
                    WHERE source IN (\(databaseQuestionMarks(count: feeds.count))) GROUP BY source
                    """, arguments: StatementArguments(feeds))
            while let row = try rows.next() { counts[row[0]] = (row[1], row[2]) }
            return counts
        }
    }

    /// Unread entries per feed (source row id), and when the feed's newest entry was first
    /// seen, for the given feeds; a feed without entries is left out.
    public func syncUnreadCounts(_ feeds: [Int64]) throws -> [Int64: (unread: Int, newest: Date)] {
        guard !feeds.isEmpty else { return [:] }
        return try read { db in
            var counts: [Int64: (unread: Int, newest: Date)] = [:]
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT source, SUM(readAt IS NULL), MAX(firstSeen) FROM entry
                    WHERE source IN (\(databaseQuestionMarks(count: feeds.count))) GROUP BY source
                    """, arguments: StatementArguments(feeds))
            while let row = try rows.next() { counts[row[0]] = (row[1], Date(timeIntervalSince1970: row[2])) }
            return counts
        }
    }

    private static func syncEntry(_ row: Row) -> SyncEntry {
        let item = feedItem(row, from: 2, content: 19, enclosures: 20)
        return SyncEntry(
            id: row[0], feedID: row[1], item: item, firstSeen: Date(timeIntervalSince1970: row[15]),
            lastSeen: Date(timeIntervalSince1970: row[16]),
            readAt: (row[17] as Double?).map(Date.init(timeIntervalSince1970:)),
            starredAt: (row[18] as Double?).map(Date.init(timeIntervalSince1970:)))
    }
}
