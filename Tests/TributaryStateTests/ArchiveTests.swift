import Foundation
import GRDB
import Testing
import Tributary
@testable import TributaryState
import TributaryTesting

/// The archive: every item a run showed, kept with its text under an id of its own,
/// found again by `--unread`, `--starred` and search, forgotten by retention.
@Suite struct ArchiveTests {
    typealias Fixture = StateStoreTests

    let clock = ManualClock()
    var start: Date { clock.start }

    static func item(_ id: String, title: String? = nil, summary: String? = nil, hour: Int = 0) -> FeedItem {
        FeedItem(
            id: "news:\(id)", source: "news", sourceType: "feed", kind: .article, title: title ?? "Post \(id)",
            url: URL(string: "https://example.org/\(id)"), author: "Ada",
            published: Date(timeIntervalSince1970: 1_795_000_000 + Double(hour) * 3600), summary: summary,
            tags: ["swift", "linux"])
    }

    static func entryIDs(_ store: StateStore) throws -> [String: Int64] {
        try store.database.read { db in
            Dictionary(
                uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT itemID, id FROM entry").map {
                    ($0[0] as String, $0[1] as Int64)
                })
        }
    }

    @Test func eachShownItemGetsOneEntryWhoseIDNeverChanges() throws {
        let store = try StateStore(path: Fixture.path(), config: "/feeds.json")
        let first = Fixture.digest([Self.item("1"), Self.item("2")])
        let memory = try store.remember(first, at: start)
        let ids = try Self.entryIDs(store)
        #expect(ids.count == 2)
        #expect(memory.entry(at: 0, idHash: first.items[0].idHash)?.id == ids["news:1"].map(Int.init))
        clock.advance(by: .seconds(2 * 86_400))
        _ = try store.remember(Fixture.digest([Self.item("3"), Self.item("2")]), at: clock.date)
        let later = try Self.entryIDs(store)
        #expect(later.count == 3, "one row per item, none repeated")
        #expect(later["news:1"] == ids["news:1"] && later["news:2"] == ids["news:2"])
        #expect(later.values.allSatisfy { $0 > 0 && $0 < 1 << 31 })
    }

    @Test func anItemEditedUpstreamIsRewrittenAndAnUnchangedOneIsNot() throws {
        let store = try StateStore(path: Fixture.path(), config: "/feeds.json")
        let retention = Duration.seconds(90 * 86_400)
        _ = try store.remember(Fixture.digest([Self.item("1"), Self.item("2")]), at: start, retention: retention)
        _ = try store.remember(
            Fixture.digest([Self.item("1"), Self.item("2")]), at: start.addingTimeInterval(60), retention: retention)
        let entryWrites = try store.database.read { db in
            try Int.fetchOne(
                db, sql: "SELECT COUNT(*) FROM entry WHERE lastSeen > ?", arguments: [start.timeIntervalSince1970]) ?? 0
        }
        #expect(entryWrites == 0, "unchanged items seen within a day are not rewritten")
        let edited = Self.item("2", title: "Post 2, corrected", summary: "now with a summary")
        _ = try store.remember(Fixture.digest([Self.item("1"), edited]), at: start.addingTimeInterval(120))
        let found = try store.archived(.init(matching: "corrected"), now: start)
        #expect(found.map(\.item.title) == ["Post 2, corrected"])
        #expect(found.first?.item.summary == "now with a summary")
        #expect(try store.archived(.init(), now: start).count == 2, "the edit replaced the row")
    }

    @Test func theSearchIndexAgreesWithTheEntriesAfterInsertsEditsAndPrunes() throws {
        let store = try StateStore(path: Fixture.path(), config: "/feeds.json")
        _ = try store.remember(Fixture.digest((1...50).map { Self.item("\($0)") }), at: start)
        let edited = Self.item("7", title: "Post 7, corrected", summary: "a lighthouse")
        _ = try store.remember(Fixture.digest([edited]), at: start.addingTimeInterval(60))
        #expect(
            try store.archived(.init(matching: "lighthouse"), now: start).map(\.item.title) == ["Post 7, corrected"])
        try store.markRead(.init(all: true), at: start)
        try store.prune(olderThan: .seconds(86_400), now: start.addingTimeInterval(10 * 86_400))
        _ = try store.remember(Fixture.digest([Self.item("51")]), at: start.addingTimeInterval(10 * 86_400))
        // FTS5's own check of its index, and one row in it for each entry.
        try store.database.write { db in
            try db.execute(sql: "INSERT INTO entrySearch (entrySearch, rank) VALUES ('integrity-check', 1)")
        }
        let (entries, indexed) = try SearchOrderTests.indexedIDs(store)
        #expect(indexed == entries)
        #expect(try store.archived(.init(matching: "Post"), now: start).map(\.item.title) == ["Post 51"])
    }

    @Test func idsOfForgottenEntriesAreNotGivenAgain() throws {
        let store = try StateStore(path: Fixture.path(), config: "/feeds.json")
        _ = try store.remember(Fixture.digest([Self.item("1"), Self.item("2")]), at: start)
        try store.markRead(.init(all: true), at: start)
        let before = try Self.entryIDs(store)
        try store.prune(olderThan: .seconds(86_400), now: start.addingTimeInterval(10 * 86_400))
        #expect(try Self.entryIDs(store).isEmpty)
        _ = try store.remember(Fixture.digest([Self.item("3")]), at: start.addingTimeInterval(10 * 86_400))
        let after = try Self.entryIDs(store)
        #expect(after["news:3"].map { $0 > before.values.max() ?? 0 } == true, "\(before) then \(after)")
    }

    @Test func unreadItemsStayAfterLeavingTheirWindowNewestFirst() throws {
        let store = try StateStore(path: Fixture.path(), config: "/feeds.json")
        _ = try store.remember(Fixture.digest([Self.item("1", hour: 1), Self.item("2", hour: 2)]), at: start)
        _ = try store.remember(Fixture.digest([Self.item("3", hour: 3)]), at: start.addingTimeInterval(60))
        try store.markRead(.init(itemIDs: ["news:2"]), at: start)
        let unread = try store.archived(.init(unreadOnly: true), now: start)
        #expect(unread.map(\.item.id) == ["news:3", "news:1"])
        #expect(unread.first?.item == Self.item("3", hour: 3), "the item comes back as it was shown")
        let two = try store.archived(.init(limit: 2), now: start)
        #expect(two.map(\.item.id) == ["news:3", "news:2"])
        #expect(try store.archived(.init(sources: ["other"]), now: start).isEmpty)
    }

    @Test func aStarredItemSurvivesPruneAndAReadUnstarredOneDoesNot() throws {
        let store = try StateStore(path: Fixture.path(), config: "/feeds.json")
        _ = try store.remember(
            Fixture.digest([Self.item("kept"), Self.item("read"), Self.item("unread")]), at: start)
        let ids = try Self.entryIDs(store)
        let starred = Int(ids["news:kept"] ?? 0)
        #expect(
            try store.star([starred, 999_999], starred: true, at: start) == .init(changed: 1, unknownIDs: [999_999]))
        try store.markRead(.init(itemIDs: ["news:kept", "news:read"]), at: start)
        try store.prune(olderThan: .seconds(86_400), now: start.addingTimeInterval(2 * 86_400))
        let left = try store.archived(.init(), now: start)
        #expect(left.map(\.item.id).sorted() == ["news:kept", "news:unread"], "unread ones stay a year")
        #expect(
            try store.archived(.init(starredOnly: true), now: start).map(\.entry) == [
                .init(id: starred, isStarred: true)
            ])
        try store.prune(olderThan: .seconds(86_400), now: start.addingTimeInterval(400 * 86_400))
        #expect(try store.archived(.init(), now: start).map(\.item.id) == ["news:kept"], "starred: forever")
        #expect(try store.star([starred], starred: false, at: start).changed == 1)
        try store.prune(olderThan: .seconds(86_400), now: start.addingTimeInterval(400 * 86_400))
        #expect(try store.archived(.init(), now: start).isEmpty)
    }

    @Test func searchFindsAWordOfAnItemThatLeftItsWindowAWeekAgo() throws {
        let store = try StateStore(path: Fixture.path(), config: "/feeds.json")
        let gone = Self.item("old", title: "Notes on structured concurrency", summary: "Why zeppelins float", hour: 5)
        _ = try store.remember(Fixture.digest([gone, Self.item("a")]), at: clock.date)
        clock.advance(by: .seconds(7 * 86_400))
        _ = try store.remember(Fixture.digest([Self.item("b"), Self.item("c")]), at: clock.date)
        let found = try store.archived(.init(matching: "zeppelins"), now: clock.date)
        #expect(found.count == 1)
        #expect(found.first?.item.title == "Notes on structured concurrency")
        #expect(found.first?.item.urlString == "https://example.org/old")
        #expect(found.first?.item.published == gone.published)
        #expect(try store.archived(.init(matching: "\"structured concurrency\""), now: clock.date).count == 1)
        #expect(try store.archived(.init(matching: "zeppel*"), now: clock.date).count == 1)
        #expect(try store.archived(.init(matching: "zeppelins OR \"Post b\""), now: clock.date).count == 2)
        #expect(try store.archived(.init(matching: "Zeppélins"), now: clock.date).count == 1, "accents and case")
        #expect(try store.archived(.init(matching: "ada"), now: clock.date).count == 4, "authors are searched")
        let recent = try store.archived(
            .init(firstSeenAfter: clock.date.addingTimeInterval(-86_400), matching: "linux"), now: clock.date)
        #expect(recent.map(\.item.id).sorted() == ["news:b", "news:c"], "tags are searched, --since narrows")
    }

    @Test func aQueryFTS5CannotReadIsAClearError() throws {
        let store = try StateStore(path: Fixture.path(), config: "/feeds.json")
        _ = try store.remember(Fixture.digest([Self.item("1")]), at: start)
        #expect {
            try store.archived(.init(matching: "\"unclosed"), now: start)
        } throws: { error in
            let message = (error as? TributaryError)?.message ?? ""
            return message.contains("\"unclosed is not a search query") && message.contains("quote a phrase")
        }
    }

    @Test func aVersionFiveStoreKeepsItsKeysAndArchivesItemsWhenNextShown() throws {
        let path = try Fixture.store(upTo: "v5") { db in
            try db.execute(sql: "INSERT INTO source (config, name) VALUES ('/feeds.json', 'news')")
            let record = ItemRecord(
                idKey: StoreKey.of("news:1"), urlKey: nil, firstSeen: 10, lastSeen: 20, readAt: 30)
            try ItemSetTable.save(ItemSet([record]), of: db.lastInsertedRowID, in: db)
        }
        let store = try StateStore(path: path, config: "/feeds.json")
        let memory = try store.remember(Fixture.digest([Self.item("1")]), at: Date(timeIntervalSince1970: 100))
        #expect(
            memory[Self.item("1")] == ItemMemory(firstSeen: Date(timeIntervalSince1970: 10), isNew: false, isRead: true)
        )
        let archived = try store.archived(.init(), now: start)
        #expect(archived.map(\.item.id) == ["news:1"])
        #expect(
            archived.first?.memory.isRead == true && archived.first?.memory.firstSeen == Date(timeIntervalSince1970: 10)
        )
    }

    @Test func eachSourcesArchiveIsCappedOldestReadFirstNeverStarredNorShown() throws {
        let store = try StateStore(path: Fixture.path(), config: "/feeds.json")
        var now = start
        let remember = { (ids: [String]) in
            _ = try store.rememberCommittingLater(Fixture.digest(ids.map { Self.item($0) }), at: now, archiveLimit: 2)
                .commit.wait()
        }
        try remember(["1", "2"])
        try store.markRead(.init(itemIDs: ["news:2"]), at: now)
        try store.star([Int(try Self.entryIDs(store)["news:1"] ?? 0)], starred: true, at: now)
        now.addTimeInterval(2 * 86_400)
        try remember(["3", "4"])
        now.addTimeInterval(2 * 86_400)
        try remember(["5", "6"])
        now.addTimeInterval(2 * 86_400)
        try remember(["7", "8", "9"])
        let kept = try store.archived(.init(), now: now).map(\.item.id).sorted()
        #expect(kept == ["news:1", "news:6", "news:7", "news:8", "news:9"], "\(kept)")
    }
}
