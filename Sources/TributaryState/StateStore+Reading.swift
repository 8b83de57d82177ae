import Foundation
import GRDB
import Tributary

extension StateStore {
    /// What `mark-read` marks: every item, the items of some sources, or items by id.
    public struct ReadSelection: Sendable {
        public var all = false
        public var sources: [String] = []
        public var itemIDs: [String] = []

        public init(all: Bool = false, sources: [String] = [], itemIDs: [String] = []) {
            self.all = all
            self.sources = sources
            self.itemIDs = itemIDs
        }
    }

    /// Marks the selected unread items of this config read at `now`; returns how many.
    @discardableResult
    public func markRead(_ selection: ReadSelection, at now: Date) throws -> Int {
        try write { db in
            var conditions = ["source IN (SELECT id FROM source WHERE config = ?)", "readAt IS NULL"]
            var arguments: [any DatabaseValueConvertible] = [config]
            if !selection.all {
                var alternatives: [String] = []
                if !selection.sources.isEmpty {
                    alternatives.append(
                        "source IN (SELECT id FROM source WHERE config = ? AND name IN "
                            + "(\(Self.placeholders(selection.sources.count))))")
                    arguments += [config] + selection.sources
                }
                if !selection.itemIDs.isEmpty {
                    alternatives.append("idKey IN (\(Self.placeholders(selection.itemIDs.count)))")
                    arguments += selection.itemIDs.map(StoreKey.of)
                }
                conditions.append("(" + (alternatives.isEmpty ? "0" : alternatives.joined(separator: " OR ")) + ")")
            }
            try db.execute(
                sql: "UPDATE item SET readAt = ? WHERE " + conditions.joined(separator: " AND "),
                arguments: StatementArguments([now.timeIntervalSince1970] + arguments)
            )
            return db.changesCount
        }
    }

    static func placeholders(_ count: Int) -> String {
        Array(repeating: "?", count: count).joined(separator: ", ")
    }
}
