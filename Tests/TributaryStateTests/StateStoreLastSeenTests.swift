import Foundation
import GRDB
import Testing
import Tributary
@testable import TributaryState

/// A known item's last-seen time moves a day at a time (or half the retention when that is
/// shorter): a later run on unchanged items writes almost nothing, and retention still
/// forgets only what no run showed within it.
@Suite struct StateStoreLastSeenTests {
    let start = Date(timeIntervalSince1970: 1_795_300_000)
    let ninetyDays = Duration.seconds(90 * 86_400)

    func lastSeen(_ id: String, in store: StateStore) throws -> Date? {
        try store.database.read { db in
            try ItemSetTable.load(config: store.config, in: db).values.lazy.compactMap { $0[StoreKey.of(id)] }.first
        }.map { Date(timeIntervalSince1970: $0.lastSeen) }
    }

    func remember(_ ids: [String], in store: StateStore, at time: Date, retention: Duration) throws {
        _ = try store.remember(
            StateStoreTests.digest(ids.map { StateStoreTests.item($0) }), at: time, retention: retention)
    }

    @Test func aLaterRunWithinADayLeavesLastSeenAsItWas() throws {
        let store = try StateStore(path: StateStoreTests.path(), config: "/feeds.json")
        try remember(["a"], in: store, at: start, retention: ninetyDays)
        try remember(["a", "b"], in: store, at: start + 3_600, retention: ninetyDays)
        #expect(try lastSeen("a", in: store) == start, "seen an hour ago: not rewritten")
        #expect(try lastSeen("b", in: store) == start + 3_600)
        try remember(["a", "b"], in: store, at: start + 86_401, retention: ninetyDays)
        #expect(try lastSeen("a", in: store) == start + 86_401, "older than a day: rewritten")
        #expect(try lastSeen("b", in: store) == start + 3_600)
    }

    @Test func retentionNeverForgetsAnItemBeforeItsTimeSinceTheRunThatLastShowedIt() throws {
        let store = try StateStore(path: StateStoreTests.path(), config: "/feeds.json")
        let thirtyDays = Duration.seconds(30 * 86_400)
        try remember(["a"], in: store, at: start, retention: thirtyDays)
        let lastShown = start + 23 * 3_600
        try remember(["a"], in: store, at: lastShown, retention: thirtyDays)
        let almostThirtyDaysLater = lastShown + 30 * 86_400 - 60
        #expect(try store.prune(olderThan: thirtyDays, now: almostThirtyDaysLater) == 0, "shown 30 d - 1 min ago")
        #expect(try store.prune(olderThan: thirtyDays, now: lastShown + 32 * 86_400) == 1)
    }

    @Test func aShortRetentionNeverForgetsAnItemEveryRunShows() throws {
        let store = try StateStore(path: StateStoreTests.path(), config: "/feeds.json")
        let retention = Duration.seconds(12 * 3_600)
        for hour in stride(from: 0, through: 48, by: 5) {
            let now = start + Double(hour * 3_600)
            try remember(["a"], in: store, at: now, retention: retention)
            #expect(try store.prune(olderThan: retention, now: now) == 0, "hour \(hour)")
        }
        let memory = try store.remember(
            StateStoreTests.digest([StateStoreTests.item("a")]), at: start + 50 * 3_600, dryRun: true)
        #expect(memory[StateStoreTests.item("a")]?.isNew == false)
        #expect(memory[StateStoreTests.item("a")]?.firstSeen == start)
    }

    @Test func pruningReadsOnlyTheSourcesHoldingAnItemOlderThanTheCutoff() throws {
        let store = try StateStore(path: StateStoreTests.path(), config: "/feeds.json")
        let plan = try store.database.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN SELECT source, items FROM itemSet WHERE oldestSeen < 1").map {
                $0["detail"] as String
            }
        }
        #expect(plan.contains { $0.contains("USING") && $0.contains("INDEX itemSet_by_oldestSeen") }, "\(plan)")
    }

    @Test func pruningForgetsOnlyTheOldItemsOfASourceAndKeepsItsCount() throws {
        let store = try StateStore(path: StateStoreTests.path(), config: "/feeds.json")
        let thirtyDays = Duration.seconds(30 * 86_400)
        try remember(["old", "kept"], in: store, at: start, retention: thirtyDays)
        try remember(["kept"], in: store, at: start + 20 * 86_400, retention: thirtyDays)
        #expect(try store.prune(olderThan: thirtyDays, now: start + 40 * 86_400) == 1)
        #expect(try lastSeen("old", in: store) == nil)
        #expect(try lastSeen("kept", in: store) == start + 20 * 86_400)
        #expect(try store.summary().map(\.itemsKept) == [1])
    }
}
