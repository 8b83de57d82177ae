import Foundation
import GRDB
import Tributary

extension StateStore {
    /// An archived item: the item as it was last shown, its entry, and its memory.
    public struct ArchivedItem: Sendable {
        public var item: FeedItem
        public var entry: ArchiveEntry
        public var memory: ItemMemory
    }

    /// Which archived items to read: `digest --unread`/`--starred` and `search`.
    public struct ArchiveQuery: Sendable {
        /// Only items of these sources (feeds.json ids); all of the config's when nil.
        public var sources: [String]?
        public var unreadOnly = false
        public var starredOnly = false
        /// Only items first seen after this time.
        public var firstSeenAfter: Date?
        /// Only items that match this FTS5 query (title, summary, author, tags).
        public var matching: String?
        /// At most this many, newest first; nil for all.
        public var limit: Int?

        public init(
            sources: [String]? = nil, unreadOnly: Bool = false, starredOnly: Bool = false,
            firstSeenAfter: Date? = nil, matching: String? = nil, limit: Int? = nil
        ) {
            self.sources = sources
            self.unreadOnly = unreadOnly
            self.starredOnly = starredOnly
            self.firstSeenAfter = firstSeenAfter
            self.matching = matching
            self.limit = limit
        }
    }

    /// This config's archived items that `query` selects, newest first (by publication
    /// time, else first-seen time; then the later entry). A `matching` text that is not an
    /// FTS5 query throws a `TributaryError` that says so.
    ///
    /// A search reads the matches in the search index's order (`StateSchema.searchKey`:
    /// newest first to the second, then the later entry) and stops at the limit.
    public func archived(_ query: ArchiveQuery, now: Date) throws -> [ArchivedItem] {
        var conditions = ["source.config = ?"]
        var arguments: StatementArguments = [config]
        if let sources = query.sources {
            conditions.append("source.name IN (\(databaseQuestionMarks(count: sources.count)))")
            arguments += StatementArguments(sources)
        }
        if query.unreadOnly { conditions.append("entry.readAt IS NULL") }
        if query.starredOnly { conditions.append("entry.starredAt IS NOT NULL") }
        if let after = query.firstSeenAfter {
            conditions.append("entry.firstSeen > ?")
            arguments += [after.timeIntervalSince1970]
        }
        var entries = "entry"
        var order = "COALESCE(entry.published, entry.firstSeen) DESC, entry.id DESC"
        if let matching = query.matching {
            entries = "entrySearch JOIN entry ON entry.id = \(StateSchema.searchKeyID("entrySearch.rowid"))"
            order = "entrySearch.rowid DESC"
            conditions.insert("entrySearch MATCH ?", at: 0)
            arguments = StatementArguments([matching]) + arguments
        }
        let sql = """
            SELECT entry.id, entry.itemID, source.name, entry.sourceType, entry.kind, entry.title, entry.url,
                   entry.author, entry.published, entry.score, entry.summary, entry.thumbnail, entry.image,
                   entry.tags, entry.firstSeen, entry.readAt, entry.starredAt, article.content, entry.enclosures
            FROM \(entries) JOIN source ON source.id = entry.source
            LEFT JOIN article ON article.config = source.config AND article.source = source.name
                AND article.idKey = entry.idKey
            WHERE \(conditions.joined(separator: " AND "))
            ORDER BY \(order)
            LIMIT ?
            """
        arguments += [query.limit ?? -1]
        do {
            return try database.read { db in
                try Row.fetchAll(db, sql: sql, arguments: arguments).map { Self.archivedItem($0, now: now) }
            }
        } catch let error as DatabaseError where query.matching != nil && error.resultCode == .SQLITE_ERROR {
            let reason = TextCleanup.singleLine(error.message ?? "a syntax error")
            throw TributaryError(
                .invalidConfiguration,
                "search: \(TextCleanup.singleLine(query.matching ?? "")) is not a search query this store reads "
                    + "(\(reason)); quote a phrase (\"swift concurrency\"), join words with OR, end a prefix with *")
        } catch {
            throw StateStoreError.describe(error, path: path)
        }
    }

    private static func archivedItem(_ row: Row, now: Date) -> ArchivedItem {
        let item = feedItem(row, from: 1, content: 17, enclosures: 18)
        let firstSeen = Date(timeIntervalSince1970: row[14])
        let readAt: Double? = row[15]
        let starredAt: Double? = row[16]
        return ArchivedItem(
            item: item, entry: ArchiveEntry(id: row[0], isStarred: starredAt != nil),
            memory: ItemMemory(firstSeen: firstSeen, isNew: firstSeen >= now, isRead: readAt != nil))
    }

    /// The item in an archive row's columns from `start` on (itemID, source name, sourceType,
    /// kind, title, url, author, published, score, summary, thumbnail, image, tags), with
    /// its kept article from column `content` and its enclosures (JSON) from `enclosures`.
    static func feedItem(_ row: Row, from start: Int, content: Int, enclosures: Int) -> FeedItem {
        let tags: String = row[start + 12]
        var item = FeedItem(
            id: row[start], source: row[start + 1], sourceType: row[start + 2],
            kind: ItemKind(rawValue: row[start + 3]) ?? .post, title: row[start + 4],
            url: (row[start + 5] as String?).flatMap(URL.init(string:)), author: row[start + 6],
            published: (row[start + 7] as Double?).map(Date.init(timeIntervalSince1970:)), score: row[start + 8],
            summary: row[start + 9], thumbnail: (row[start + 10] as String?).flatMap(URL.init(string:)),
            image: (row[start + 11] as String?).flatMap(URL.init(string:)),
            tags: tags.isEmpty ? [] : tags.split(separator: "\n").map(String.init))
        item.content = row[content]
        if let files = row[enclosures] as String? {
            item.enclosures = (try? JSONDecoder().decode([Enclosure].self, from: Data(files.utf8))) ?? []
        }
        return item
    }

    /// What `star`/`unstar` did: how many entries changed, and the ids this config's
    /// archive does not hold (so a mistyped id is told, not passed over).
    public struct StarMarking: Sendable, Equatable {
        public var changed = 0
        public var unknownIDs: [Int] = []
    }

    /// Stars (or, with `starred` false, unstars) this config's entries `ids` at `now`.
    @discardableResult
    public func star(_ ids: [Int], starred: Bool, at now: Date) throws -> StarMarking {
        try write { db in
            var marking = StarMarking()
            let exists = try db.cachedStatement(
                sql: "SELECT starredAt IS NOT NULL FROM entry JOIN source ON source.id = entry.source "
                    + "WHERE entry.id = ? AND source.config = ?")
            let update = try db.cachedStatement(sql: "UPDATE entry SET starredAt = ? WHERE id = ?")
            for id in ids {
                guard let isStarred = try Bool.fetchOne(exists, arguments: [id, config]) else {
                    marking.unknownIDs.append(id)
                    continue
                }
                guard isStarred != starred else { continue }
                try update.execute(arguments: [starred ? now.timeIntervalSince1970 : nil, id])
                marking.changed += 1
            }
            return marking
        }
    }
}

extension Digest {
    /// A digest of archived items, in their order, each with its memory and entry.
    public init(archived: [StateStore.ArchivedItem], title: String, generatedAt: Date, sources: [SourceStatus]) {
        self.init(title: title, generatedAt: generatedAt, sources: sources, items: archived.map(\.item))
        memory = DigestMemory(
            idHashes: archived.map(\.item.idHash), memories: archived.map(\.memory), entries: archived.map(\.entry))
    }
}
