import Foundation
import GRDB
import Tributary

extension StateStore {
    /// How stale a known item's last-seen time may be before a run rewrites it: a day, or
    /// half the retention when that is shorter. Retention counts days, so rewriting every
    /// known row on every run (100,000 rows for the benchmark's file) bought nothing; now
    /// a later run on unchanged items writes almost nothing, and an item a run shows is
    /// never older than half the retention when that run prunes.
    static func lastSeenStep(retention: Duration?) -> Double {
        min(86_400, (retention?.seconds ?? 0) / 2)
    }

    /// Writes what a run learnt of its items (`sources`: the source rows by name): adds the
    /// unknown ones (and those known only by URL, under their new id), moves known ones'
    /// last-seen time to `now` when it is older than `step` seconds, and rewrites a canonical
    /// URL's key where it changed. A source's set is written only when something in it changed.
    func record(_ lookup: Lookup, sources: [String: Int64], now: Double, step: Double, in db: Database) throws {
        let items = lookup.keyed
        for (name, indices) in items.bySource {
            guard let source = sources[name] else { continue }
            var set = lookup.sets[source] ?? ItemSet()
            var changed = false
            var added: [ItemRecord] = []
            added.reserveCapacity(indices.count)
            for index in indices {
                let id = items.ids[index]
                let url = items.urls[index]
                guard let match = lookup.known[index], !match.byURLOnly else {
                    let carried = lookup.known[index]
                    added.append(
                        ItemRecord(
                            idKey: id, urlKey: url, firstSeen: carried?.firstSeen ?? now, lastSeen: now,
                            readAt: carried?.readAt))
                    continue
                }
                let stale = match.lastSeen < now - step
                if stale || match.urlChanged {
                    set.update(id) { record in
                        if stale { record.lastSeen = now }
                        record.urlKey = url
                    }
                    changed = true
                }
            }
            if !added.isEmpty {
                set.inserting(added)
                changed = true
            }
            if changed { try ItemSetTable.save(set, of: source, in: db) }
        }
    }
}
