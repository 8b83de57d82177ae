import Foundation
import GRDB
import Tributary

extension StateStore {
    /// What `mark-read` and `mark-unread` mark: every item, the items of some sources, or
    /// items by id.
    public struct ReadSelection: Sendable {
        public var all = false
        public var sources: [String] = []
        public var itemIDs: [String] = []
        /// When set, only the selected items first seen before this time (`--older-than`).
        public var firstSeenBefore: Date?

        public init(all: Bool = false, sources: [String] = [], itemIDs: [String] = [], firstSeenBefore: Date? = nil) {
            self.all = all
            self.sources = sources
            self.itemIDs = itemIDs
            self.firstSeenBefore = firstSeenBefore
        }
    }

    /// What `markRead` or `markUnread` did: how many items it marked, and what it was asked for that this
    /// config's store does not hold (item ids and source ids, as given), so a mistyped id
    /// is told, not passed over.
    public struct ReadMarking: Sendable, Equatable {
        public var marked = 0
        public var unknownItemIDs: [String] = []
        public var unknownSources: [String] = []
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
        let chosenIDs = Set(selection.itemIDs.map(StoreKey.of))
        let before = selection.firstSeenBefore?.timeIntervalSince1970 ?? .infinity
        return try write { db in
            let names = Dictionary(uniqueKeysWithValues: try sourceRows([], creating: false, in: db).map { ($1, $0) })
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
            found.formUnion(try markEntries(selection, sources: names, readAt: time, in: db))
            let knownSources = Set(names.values)
            marking.unknownItemIDs = selection.itemIDs.filter { !found.contains(StoreKey.of($0)) }
            marking.unknownSources = selection.sources.filter { !knownSources.contains($0) }
            return marking
        }
    }

    /// Marks the selected archive entries too (the archive keeps items that left their item
    /// sets, starred ones); returns the id keys of the entries selected by id.
    private func markEntries(
        _ selection: ReadSelection, sources names: [Int64: String], readAt time: Double?, in db: Database
    ) throws -> Set<Int64> {
        let chosen = Set(selection.sources)
        let rows = names.filter { selection.all || chosen.contains($0.value) }.map(\.key)
        let changing = (time == nil ? "readAt IS NOT NULL" : "readAt IS NULL") + " AND firstSeen < ?"
        let before = selection.firstSeenBefore?.timeIntervalSince1970 ?? .infinity
        let wholeSources = try db.cachedStatement(
            sql: "UPDATE entry SET readAt = ? WHERE source = ? AND \(changing)")
        for source in rows { try wholeSources.execute(arguments: [time, source, before]) }
        guard !selection.itemIDs.isEmpty, !names.isEmpty else { return [] }
        var found: Set<Int64> = []
        let select = try db.cachedStatement(
            sql: "SELECT id, readAt IS NULL, firstSeen < ? FROM entry WHERE idKey = ? AND source IN "
                + "(SELECT id FROM source WHERE config = ?)")
        let one = try db.cachedStatement(sql: "UPDATE entry SET readAt = ? WHERE id = ?")
        for idKey in Set(selection.itemIDs.map(StoreKey.of)) {
            for row in try Row.fetchAll(select, arguments: [before, idKey, config]) {
                found.insert(idKey)
                if (row[1] as Bool) == (time != nil) && row[2] { try one.execute(arguments: [time, row[0] as Int64]) }
            }
        }
        return found
    }
}
