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
        let time = now.timeIntervalSince1970
        let chosenSources = Set(selection.sources)
        let chosenIDs = Set(selection.itemIDs.map(StoreKey.of))
        return try write { db in
            let names = Dictionary(uniqueKeysWithValues: try sourceRows([], creating: false, in: db).map { ($1, $0) })
            var marked = 0
            for (source, var set) in try ItemSetTable.load(config: config, in: db) {
                let wholeSource = selection.all || names[source].map(chosenSources.contains) == true
                let count = set.updateAll { record in
                    guard record.readAt == nil, wholeSource || chosenIDs.contains(record.idKey) else { return false }
                    record.readAt = time
                    return true
                }
                if count > 0 { try ItemSetTable.save(set, of: source, in: db) }
                marked += count
            }
            return marked
        }
    }
}
