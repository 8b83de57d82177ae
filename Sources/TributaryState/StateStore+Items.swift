import Foundation
import GRDB
import Tributary

extension StateStore {
    /// Remembers a run: which of the digest's items are new (no earlier run of this config
    /// showed them, matched by id, then by canonical URL when an upstream id changed), each
    /// item's first- and last-seen times, and each source's outcome, in one transaction: a
    /// run killed before it commits leaves the store as the run before left it (and printed
    /// nothing, as the digest is drawn from what this returns). With `dryRun`, reads only
    /// and writes nothing. A known item's last-seen time is rewritten only when it is older
    /// than a day, or than half of `retention` when that is shorter (nil: on every run).
    ///
    /// One transaction for the run, not one per source: 500 sources' commits rewrote the
    /// same pages 500 times into the write-ahead log.
    public func remember(
        _ digest: Digest, at now: Date, dryRun: Bool = false, retention: Duration? = nil
    ) throws -> DigestMemory {
        guard !dryRun else {
            return try read { db in
                let keyed = KeyedItems(digest)
                let sources = try sourceRows(keyed.bySource.map(\.source), creating: false, in: db)
                let archive = try ArchivePlan(keyed, sources: sources, assigning: false, in: db)
                return Self.memory(try lookUp(keyed, sources: sources, in: db), archive: archive, now: now)
            }
        }
        let (memory, commit) = try rememberCommittingLater(digest, at: now, retention: retention)
        try commit.wait()
        return memory
    }

    /// As `remember`, but returns as soon as the items are matched, while the store writes
    /// and commits them on its writer thread: the caller renders the digest meanwhile, and
    /// shows it only once `commit.wait()` has returned. On a first run the writes take
    /// about as long as rendering the digest, so the two overlap.
    ///
    /// The archive keeps at most `archiveLimit` entries of a source besides those it shows
    /// now (nil: no cap), forgetting the oldest read ones first, starred ones never.
    public func rememberCommittingLater(
        _ digest: Digest, at now: Date, retention: Duration? = nil, archiveLimit: Int? = nil
    ) throws -> (memory: DigestMemory, commit: PendingCommit) {
        let keyed = KeyedItems(digest)
        let step = Self.lastSeenStep(retention: retention)
        let matched = OneShot<DigestMemory>()
        let commit = PendingCommit(path: path)
        database.asyncWrite(
            { db in
                let sources = try self.sourceRows(keyed.bySource.map(\.source), creating: true, in: db)
                let lookup = try self.lookUp(keyed, sources: sources, in: db)
                let archive = try ArchivePlan(keyed, sources: sources, assigning: true, in: db)
                matched.fulfil(.success(Self.memory(lookup, archive: archive, now: now)))
                try self.record(lookup, sources: sources, now: now.timeIntervalSince1970, step: step, in: db)
                try archive.write(
                    digest.items, lookup: lookup, sources: sources, now: now.timeIntervalSince1970, step: step, in: db)
                if let archiveLimit {
                    try ArchivePlan.cap(
                        lookup.keyed, sources: sources, at: archiveLimit, seenBefore: now.timeIntervalSince1970 - step,
                        in: db)
                }
                try self.recordRun(digest, newBySource: Self.newCounts(lookup), at: now, in: db)
            },
            completion: { _, result in
                // A failure before the matching ends the wait for it too (a later one is ignored there).
                matched.fulfil(result.map { DigestMemory() })
                commit.end(result)
            })
        do {
            return (try matched.wait().get(), commit)
        } catch {
            throw StateStoreError.describe(error, path: path)
        }
    }

    /// Each item's memory: when it was first seen, whether it is new, whether it was read,
    /// and its archive entry.
    private static func memory(_ lookup: Lookup, archive: ArchivePlan, now: Date) -> DigestMemory {
        let memories = lookup.known.map { match in
            ItemMemory(
                firstSeen: match.map { Date(timeIntervalSince1970: $0.firstSeen) } ?? now,
                isNew: match == nil, isRead: match?.readAt != nil)
        }
        return DigestMemory(
            idHashes: lookup.keyed.ids.map { UInt64(bitPattern: $0) }, memories: memories, entries: archive.entries)
    }

    /// How many of each source's items are new (unknown to the store).
    private static func newCounts(_ lookup: Lookup) -> [String: Int] {
        Dictionary(
            uniqueKeysWithValues: lookup.keyed.bySource.map { source, indices in
                (source, indices.count { lookup.known[$0] == nil })
            })
    }

    /// Records the run and each source's outcome (`newBySource`: how many of its items were new).
    func recordRun(_ digest: Digest, newBySource: [String: Int], at now: Date, in db: Database) throws {
        try db.execute(
            sql: "INSERT INTO run (config, startedAt) VALUES (?, ?)",
            arguments: [config, now.timeIntervalSince1970])
        let run = db.lastInsertedRowID
        let outcome = try db.cachedStatement(
            sql: "INSERT INTO sourceRun (run, source, status, message, itemCount, newCount, durationMs) "
                + "VALUES (?, ?, ?, ?, ?, ?, ?)")
        let cursor = try db.cachedStatement(
            sql: "INSERT OR REPLACE INTO cursor (config, source, value, updatedAt) VALUES (?, ?, ?, ?)")
        for status in digest.sources {
            let milliseconds = status.duration.map { Int($0.seconds * 1000) } ?? 0
            try outcome.execute(arguments: [
                run, status.id, status.state.rawValue, status.message, status.itemCount,
                newBySource[status.id] ?? 0, milliseconds,
            ])
            // A cursor advances with the run that committed its items, and only after a success.
            if status.state == .ok, let value = status.cursor {
                try cursor.execute(arguments: [config, status.id, value, now.timeIntervalSince1970])
            }
        }
    }
}
