import Foundation
import GRDB
import Tributary

extension StateStore {
    /// What `mark-read` and `mark-unread` mark: every item, the items of some sources, the
    /// items carrying some tags, or items by id.
    public struct ReadSelection: Sendable {
        public var all = false
        public var sources: [String] = []
        /// Tags, compared ignoring case with the tags the archive holds for each item.
        public var tags: [String] = []
        public var itemIDs: [String] = []
        /// When set, only the selected items first seen before this time (`--older-than`).
        public var firstSeenBefore: Date?

        public init(
            all: Bool = false, sources: [String] = [], tags: [String] = [], itemIDs: [String] = [],
            firstSeenBefore: Date? = nil
        ) {
            self.all = all
            self.sources = sources
            self.tags = tags
            self.itemIDs = itemIDs
            self.firstSeenBefore = firstSeenBefore
        }
    }

    /// What `markRead` or `markUnread` did: how many items it marked, and what it was asked for that this
    /// config's store does not hold (item ids, source ids and tags, as given), so a mistyped
    /// id is told, not passed over.
    public struct ReadMarking: Sendable, Equatable {
        public var marked = 0
        public var unknownItemIDs: [String] = []
        public var unknownSources: [String] = []
        public var unknownTags: [String] = []
    }

    /// Marks the selected unread items of this config read at `now`.
    @discardableResult
    public func markRead(_ selection: ReadSelection, at now: Date) throws -> ReadMarking {
        try mark(selection, readAt: now.timeIntervalSince1970)
    }

    /// Marks the selected read items of this config unread again.
    @discardableResult
    public func markUnread(_ selection: ReadSelection) throws -> ReadMarking {
        try mark(selection, readAt: nil)
    }

    /// Sets the selected items' read time to `time` (nil: unread), in their item sets and
    /// in the archive, counting those that changed.
    private func mark(_ selection: ReadSelection, readAt time: Double?) throws -> ReadMarking {
        let chosenSources = Set(selection.sources)
        let before = selection.firstSeenBefore?.timeIntervalSince1970 ?? .infinity
        return try write { db in
            let names = Dictionary(uniqueKeysWithValues: try sourceRows([], creating: false, in: db).map { ($1, $0) })
            let tagged = try entryKeys(taggedWith: selection.tags, in: db)
            let chosenIDs = Set(selection.itemIDs.map(StoreKey.of)).union(tagged.keys)
            var marking = ReadMarking()
            var found: Set<Int64> = []
            for (source, var set) in try ItemSetTable.load(config: config, in: db) {
                let wholeSource = selection.all || names[source].map(chosenSources.contains) == true
                let count = set.updateAll { record in
                    if chosenIDs.contains(record.idKey) { found.insert(record.idKey) }
                    guard (record.readAt == nil) == (time != nil), record.firstSeen < before,
                        wholeSource || chosenIDs.contains(record.idKey)
                    else { return false }
                    record.readAt = time
                    return true
                }
                if count > 0 { try ItemSetTable.save(set, of: source, in: db) }
                marking.marked += count
            }
            found.formUnion(try markEntries(selection, keys: chosenIDs, sources: names, readAt: time, in: db))
            let knownSources = Set(names.values)
            marking.unknownItemIDs = selection.itemIDs.filter { !found.contains(StoreKey.of($0)) }
            marking.unknownSources = selection.sources.filter { !knownSources.contains($0) }
            marking.unknownTags = tagged.unknown
            return marking
        }
    }

    /// Marks the selected archive entries too (the archive keeps items that left their item
    /// sets, starred ones); returns those of `keys` (the id keys selected by id or tag) it holds.
    private func markEntries(
        _ selection: ReadSelection, keys: Set<Int64>, sources names: [Int64: String], readAt time: Double?,
        in db: Database
    ) throws -> Set<Int64> {
        let chosen = Set(selection.sources)
        let rows = names.filter { selection.all || chosen.contains($0.value) }.map(\.key)
        let changing = (time == nil ? "readAt IS NOT NULL" : "readAt IS NULL") + " AND firstSeen < ?"
        let before = selection.firstSeenBefore?.timeIntervalSince1970 ?? .infinity
        let wholeSources = try db.cachedStatement(
            sql: "UPDATE entry SET readAt = ? WHERE source = ? AND \(changing)")
        for source in rows { try wholeSources.execute(arguments: [time, source, before]) }
        guard !keys.isEmpty, !names.isEmpty else { return [] }
        var found: Set<Int64> = []
        let select = try db.cachedStatement(
            sql: "SELECT id, readAt IS NULL, firstSeen < ? FROM entry WHERE idKey = ? AND source IN "
                + "(SELECT id FROM source WHERE config = ?)")
        let one = try db.cachedStatement(sql: "UPDATE entry SET readAt = ? WHERE id = ?")
        for idKey in keys {
            for row in try Row.fetchAll(select, arguments: [before, idKey, config]) {
                found.insert(idKey)
                if (row[1] as Bool) == (time != nil) && row[2] { try one.execute(arguments: [time, row[0] as Int64]) }
            }
        }
        return found
    }

    /// The id keys of this config's archived entries that carry one of `tags` (ignoring
    /// case), and the tags no entry carries.
    private func entryKeys(taggedWith tags: [String], in db: Database) throws -> (keys: Set<Int64>, unknown: [String]) {
        guard !tags.isEmpty else { return ([], []) }
        let wanted = Set(tags.map { $0.lowercased() })
        var keys: Set<Int64> = []
        var carried: Set<String> = []
        let rows = try Row.fetchCursor(
            db,
            sql:
                "SELECT idKey, tags FROM entry WHERE tags != '' AND source IN (SELECT id FROM source WHERE config = ?)",
            arguments: [config])
        while let row = try rows.next() {
            let tags = (row[1] as String).split(separator: "\n").map { $0.lowercased() }.filter(wanted.contains)
            guard !tags.isEmpty else { continue }
            keys.insert(row[0])
            carried.formUnion(tags)
        }
        return (keys, tags.filter { !carried.contains($0.lowercased()) })
    }
}
