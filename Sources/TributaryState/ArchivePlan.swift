import Foundation
import GRDB
import Tributary

/// What a run does to the archive: each of its items' entry, known (with the fingerprint
/// of the text it was archived with) or new (with the id it is given), found before the
/// digest is drawn so that the digest can show every item's `entryID`; the rows are
/// written after, on the store's writer thread (`write`).
struct ArchivePlan {
    /// An item's entry as the store has it, or will have it once the run commits.
    struct Planned {
        var id: Int64
        /// The fingerprint of the text the row holds; nil for a row the run inserts.
        var fingerprint: Int64?
        var isStarred: Bool
    }

    /// Each item's entry, in the digest's order; nil for a repeat of an item already planned.
    private(set) var planned: [Planned?]

    /// Ids are 32-bit for readers that keep them so.
    static let highestID = Int64(Int32.max)

    /// Looks up the entries of `keyed`'s items in their sources (`sources`: the rows by
    /// name); with `assigning`, gives the unknown ones the next ids, in the digest's order.
    init(_ keyed: StateStore.KeyedItems, sources: [String: Int64], assigning: Bool, in db: Database) throws {
        planned = [Planned?](repeating: nil, count: keyed.ids.count)
        var next = try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'entry'") ?? 0
        let select = try db.cachedStatement(
            sql: "SELECT idKey, id, fingerprint, starredAt IS NOT NULL FROM entry WHERE source = ?")
        for (name, indices) in keyed.bySource {
            var known: [Int64: Planned] = [:]
            if let source = sources[name] {
                let rows = try Row.fetchCursor(select, arguments: [source])
                while let row = try rows.next() {
                    known[row[0]] = Planned(id: row[1], fingerprint: row[2], isStarred: row[3])
                }
            }
            var seen = Set<Int64>()
            for index in indices where seen.insert(keyed.ids[index]).inserted {
                if let entry = known[keyed.ids[index]] {
                    planned[index] = entry
                } else if assigning {
                    next += 1
                    guard next <= Self.highestID else { throw StateStoreError.archiveFull }
                    planned[index] = Planned(id: next, fingerprint: nil, isStarred: false)
                }
            }
        }
    }

    /// Each item's entry as a digest shows it.
    var entries: [ArchiveEntry?] {
        planned.map { $0.map { ArchiveEntry(id: Int($0.id), isStarred: $0.isStarred) } }
    }

    /// Writes the run's items (`items`, in the order of `lookup`'s keys): inserts the new
    /// ones, rewrites those whose text changed upstream, and moves the last-seen time of
    /// known ones as the item sets do (when older than `step` seconds). An unchanged item
    /// seen within `step` is not written at all. The new ones are then added to the search
    /// index (v12 has no insert trigger) in one statement, in the order of their keys
    /// (`StateSchema.searchKey`): FTS5 writes its pending rows out whenever a row's key is
    /// below the last one's, and a digest's newest-first order gives falling date keys
    /// (`docs/design/performance.md`).
    func write(
        _ items: [FeedItem], lookup: StateStore.Lookup, sources: [String: Int64], now: Double, step: Double,
        in db: Database
    ) throws {
        let insert = try db.cachedStatement(
            sql: """
                INSERT INTO entry (id, source, idKey, fingerprint, itemID, sourceType, kind, title, url, author,
                    published, score, summary, thumbnail, image, tags, enclosures, firstSeen, lastSeen, readAt)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        let rewrite = try db.cachedStatement(
            sql: """
                UPDATE entry SET fingerprint = ?, sourceType = ?, kind = ?, title = ?, url = ?, author = ?,
                    published = ?, score = ?, summary = ?, thumbnail = ?, image = ?, tags = ?, enclosures = ?,
                    lastSeen = ?
                WHERE id = ?
                """)
        let touch = try db.cachedStatement(sql: "UPDATE entry SET lastSeen = ? WHERE id = ?")
        for (name, indices) in lookup.keyed.bySource {
            guard let source = sources[name] else { continue }
            for index in indices {
                guard let entry = planned[index] else { continue }
                let item = items[index]
                let text = ArchivedText(item)
                let fingerprint = text.fingerprint
                let match = lookup.known[index]
                guard let archived = entry.fingerprint else {
                    try insert.execute(
                        arguments: [entry.id, source, lookup.keyed.ids[index], fingerprint, item.id]
                            + text.arguments
                            + [match?.firstSeen ?? now, now, match?.readAt])
                    continue
                }
                if archived != fingerprint {
                    try rewrite.execute(arguments: [fingerprint] + text.arguments + [now, entry.id])
                } else if let match, match.lastSeen < now - step {
                    try touch.execute(arguments: [now, entry.id])
                }
            }
        }
        try indexNewEntries(in: db)
    }
}

extension ArchivePlan {
    /// Adds the entries this run inserted (every id from its first new one on: ids only
    /// grow) to the search index, in the order of their keys.
    private func indexNewEntries(in db: Database) throws {
        guard let first = planned.lazy.compactMap({ $0 }).filter({ $0.fingerprint == nil }).map(\.id).min() else {
            return
        }
        try db.execute(
            sql: """
                INSERT INTO entrySearch (rowid, title, summary, author, tags)
                SELECT \(StateSchema.searchKey("entry")), title, summary, author, tags FROM entry WHERE id >= ?
                ORDER BY 1
                """, arguments: [first])
    }

    /// Forgets the entries of each of the run's sources beyond `limit` besides the run's own
    /// items, oldest read first, then oldest unread; never a starred one, nor one seen at or
    /// after `time` (the run's items all were: their last-seen times are at most a step old).
    static func cap(
        _ keyed: StateStore.KeyedItems, sources: [String: Int64], at limit: Int, seenBefore time: Double,
        in db: Database
    ) throws {
        let count = try db.cachedStatement(sql: "SELECT COUNT(*) FROM entry WHERE source = ?")
        let forget = try db.cachedStatement(
            sql: """
                DELETE FROM entry WHERE id IN (
                    SELECT id FROM entry WHERE source = ? AND starredAt IS NULL AND lastSeen < ?
                    ORDER BY readAt IS NULL, lastSeen, id LIMIT ?)
                """)
        for (name, indices) in keyed.bySource {
            guard let source = sources[name] else { continue }
            let excess = (try Int.fetchOne(count, arguments: [source]) ?? 0) - indices.count - limit
            if excess > 0 { try forget.execute(arguments: [source, time, excess]) }
        }
    }
}

/// An item's fields as the archive keeps them, and their fingerprint: the archive
/// rewrites a row only when it changed. The score is kept but not fingerprinted: it moves
/// on every run of some sources, and rewriting those rows would buy a number.
struct ArchivedText {
    let item: FeedItem

    init(_ item: FeedItem) {
        self.item = item
    }

    /// The tags as the archive keeps (and searches) them: one a line.
    var tags: String { item.tags.joined(separator: "\n") }

    /// The enclosures as the archive keeps them: a JSON array, nil for none.
    var enclosures: String? {
        let enclosures = item.enclosures
        guard !enclosures.isEmpty else { return nil }
        var writer = JSONWriter(capacity: 256)
        writer.enclosures(enclosures)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// sourceType, kind, title, url, author, published, score, summary, thumbnail, image, tags, enclosures.
    var arguments: StatementArguments {
        [
            item.sourceType, item.kind.rawValue, item.title, item.urlString, item.author,
            item.published?.timeIntervalSince1970, item.score, item.summary, item.thumbnailString, item.imageString,
            tags, enclosures,
        ]
    }

    /// The enclosures count only when there are some, so that rows archived before the
    /// archive kept them keep their fingerprints. The fields are hashed one after another,
    /// as the one string of them all they were hashed as before (a later run of 100,000
    /// unchanged items spent 8% of its time making those strings).
    var fingerprint: Int64 {
        let fields: [String?] =
            [
                item.sourceType, item.kind.rawValue, item.title, item.urlString, item.author,
                item.published.map { "\($0.timeIntervalSince1970)" }, item.summary, item.thumbnailString,
                item.imageString, tags,
            ] + (enclosures.map { [$0] } ?? [])
        // A unit separator between fields and a mark for an absent one: moving text from one
        // field to the next, or emptying one, changes the fingerprint.
        var hasher = StableHasher()
        for (index, field) in fields.enumerated() {
            if index > 0 { hasher.combine(byte: 0x1F) }
            if let field {
                hasher.combine(byte: UInt8(ascii: "="))
                hasher.combine(field)
            } else {
                hasher.combine(byte: UInt8(ascii: "-"))
            }
        }
        return Int64(bitPattern: hasher.value)
    }
}
