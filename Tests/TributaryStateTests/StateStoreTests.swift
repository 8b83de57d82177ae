import Foundation
import GRDB
import Testing
import Tributary
@testable import TributaryState
import TributaryTesting

/// What the store remembers between runs: new items, first-seen times, read state,
/// runs, retention and snapshots.
@Suite struct StateStoreTests {
    static func path() -> URL {
        Scratch.folder.appendingPathComponent(
            "tributary-state-\(UUID().uuidString)/state.sqlite")
    }

    /// A store made by this build's migrations up to `version` only, with `rows` written.
    static func store(upTo version: String, rows: (Database) throws -> Void) throws -> URL {
        let path = path()
        try FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
        let old = try DatabaseQueue(path: path.path)
        try StateSchema.migrator.migrate(old, upTo: version)
        try old.write(rows)
        try old.close()
        return path
    }

    static func item(_ id: String, source: String = "news", url: String? = nil) -> FeedItem {
        FeedItem(
            id: id, source: source, sourceType: "feed", kind: .article, title: id, url: url.flatMap(URL.init(string:)))
    }

    static func digest(_ items: [FeedItem]) -> Digest {
        let sources = Set(items.map(\.source)).sorted().map {
            SourceStatus(id: $0, type: "feed", state: .ok, itemCount: 1)
        }
        return Digest(title: "t", generatedAt: Date(), sources: sources, items: items)
    }

    let start = Date(timeIntervalSince1970: 1_795_300_000)

    @Test func anItemIsNewOnceAndKeepsItsFirstSeenTime() throws {
        let store = try StateStore(path: Self.path(), config: "/feeds.json")
        let first = try store.remember(Self.digest([Self.item("a"), Self.item("b")]), at: start)
        #expect(first[Self.item("a")] == ItemMemory(firstSeen: start, isNew: true, isRead: false))
        let later = start.addingTimeInterval(3600)
        let second = try store.remember(Self.digest([Self.item("a"), Self.item("b"), Self.item("c")]), at: later)
        #expect(second[Self.item("a")] == ItemMemory(firstSeen: start, isNew: false, isRead: false))
        #expect(second[Self.item("c")] == ItemMemory(firstSeen: later, isNew: true, isRead: false))
        #expect([Self.item("a"), Self.item("b"), Self.item("c")].count { second[$0]?.isNew == true } == 1)
    }

    /// A reduced digest brings its items' keys; a digest changed since has them made again.
    /// Both must find the same records, in the same sources' sets.
    @Test func theReducersKeysAndKeysMadeAgainFindTheSameRecords() throws {
        let states = [("a", ["1", "2"]), ("b", ["3"])].map { source, ids in
            SourceState(
                status: SourceStatus(id: source, type: "feed", state: .ok, itemCount: ids.count),
                items: ids.map {
                    Self.item("\(source):\($0)", source: source, url: "http://www.example.com/\($0)?utm_x=1")
                })
        }
        let reduced = DigestReducer(title: "t", sort: .source, limit: nil, filter: KeywordFilter()).reduce(
            states, generatedAt: start)
        var changed = reduced
        changed.items = reduced.items
        #expect(reduced.itemKeys != nil && changed.itemKeys == nil)
        let store = try StateStore(path: Self.path(), config: "/feeds.json")
        _ = try store.remember(reduced, at: start)
        #expect(try store.summary().map { [$0.source: $0.itemsKept] } == [["a": 2], ["b": 1]])
        let again = try store.remember(changed, at: start + 60)
        #expect(
            reduced.items.map { again[$0] }
                == Array(repeating: ItemMemory(firstSeen: start, isNew: false, isRead: false), count: 3))
        let renamed = Self.item("a:renamed", source: "a", url: "https://example.com/2")
        let byURL = try store.remember(Self.digest([renamed]), at: start + 120)
        #expect(byURL[renamed] == ItemMemory(firstSeen: start, isNew: false, isRead: false))
    }

    @Test func anItemWhoseIDChangedIsKnownByItsCanonicalURL() throws {
        let store = try StateStore(path: Self.path(), config: "/feeds.json")
        _ = try store.remember(
            Self.digest([Self.item("old-id", url: "http://www.example.org/post?utm_source=x")]), at: start)
        let moved = Self.item("new-id", url: "https://example.org/post")
        let memory = try store.remember(Self.digest([moved]), at: start.addingTimeInterval(60))
        #expect(memory[moved] == ItemMemory(firstSeen: start, isNew: false, isRead: false))
    }

    @Test func anItemWhoseURLMovedIsKnownByItsNewURLAfterward() throws {
        let store = try StateStore(path: Self.path(), config: "/feeds.json")
        _ = try store.remember(Self.digest([Self.item("a", url: "https://example.com/old")]), at: start)
        _ = try store.remember(Self.digest([Self.item("a", url: "https://example.com/new")]), at: start + 60)
        let renamed = Self.item("a2", url: "https://example.com/new")
        let memory = try store.remember(Self.digest([renamed]), at: start + 120)
        #expect(memory[renamed] == ItemMemory(firstSeen: start, isNew: false, isRead: false))
    }

    @Test func configsSharingAStoreDoNotSeeEachOthersItems() throws {
        let path = Self.path()
        _ = try StateStore(path: path, config: "/a/feeds.json").remember(Self.digest([Self.item("x")]), at: start)
        let other = try StateStore(path: path, config: "/b/feeds.json").remember(
            Self.digest([Self.item("x")]), at: start)
        #expect(other[Self.item("x")]?.isNew == true)
    }

    @Test func aDryRunReadsButWritesNothing() throws {
        let store = try StateStore(path: Self.path(), config: "/feeds.json")
        #expect(
            try store.remember(Self.digest([Self.item("a")]), at: start, dryRun: true)[Self.item("a")]?.isNew == true)
        #expect(
            try store.remember(Self.digest([Self.item("a")]), at: start, dryRun: true)[Self.item("a")]?.isNew == true)
        #expect(try store.summary().isEmpty)
    }

    @Test func markReadBySourceIdOrAll() throws {
        let store = try StateStore(path: Self.path(), config: "/feeds.json")
        let items = [Self.item("a"), Self.item("b"), Self.item("c", source: "other")]
        _ = try store.remember(Self.digest(items), at: start)
        #expect(try store.markRead(.init(itemIDs: ["a"]), at: start).marked == 1)
        #expect(try store.markRead(.init(sources: ["other"]), at: start).marked == 1)
        let memory = try store.remember(Self.digest(items), at: start, dryRun: true)
        #expect(items.map { memory[$0]?.isRead } == [true, false, true])
        #expect(try store.markRead(.init(all: true), at: start).marked == 1, "only b was still unread")
    }

    @Test func markReadTellsWhatTheStoreDoesNotHold() throws {
        let store = try StateStore(path: Self.path(), config: "/feeds.json")
        _ = try store.remember(Self.digest([Self.item("a"), Self.item("b", source: "other")]), at: start)
        #expect(try store.markRead(.init(itemIDs: ["a"]), at: start).marked == 1)
        let marking = try store.markRead(.init(sources: ["other", "nope"], itemIDs: ["a", "typo"]), at: start)
        #expect(marking.marked == 1, "b, by its source; a was read already")
        #expect(marking.unknownItemIDs == ["typo"], "a read item is known, not unknown")
        #expect(marking.unknownSources == ["nope"])
    }

    @Test func runsAreSummarisedPerSource() throws {
        let store = try StateStore(path: Self.path(), config: "/feeds.json")
        _ = try store.remember(Self.digest([Self.item("a")]), at: start)
        _ = try store.remember(
            Self.digest([Self.item("a"), Self.item("b"), Self.item("c")]), at: start.addingTimeInterval(60))
        let summary = try store.summary()
        #expect(summary.map(\.source) == ["news"])
        #expect(summary.first?.itemsKept == 3)
        #expect(summary.first?.newInLastRun == 2)
        #expect(summary.first?.lastRun == start.addingTimeInterval(60))
        #expect(try store.lastRunStart() == start.addingTimeInterval(60))
    }

    @Test func retentionForgetsItemsNotSeenSince() throws {
        let store = try StateStore(path: Self.path(), config: "/feeds.json")
        _ = try store.remember(Self.digest([Self.item("old")]), at: start)
        _ = try store.remember(Self.digest([Self.item("recent")]), at: start.addingTimeInterval(80 * 86_400))
        #expect(try store.prune(olderThan: .seconds(30 * 86_400), now: start.addingTimeInterval(90 * 86_400)) == 1)
        let memory = try store.remember(Self.digest([Self.item("old"), Self.item("recent")]), at: start, dryRun: true)
        #expect(memory[Self.item("old")]?.isNew == true, "forgotten")
        #expect(memory[Self.item("recent")]?.isNew == false)
    }

    @Test func retentionForgetsRunsWithTheirPerSourceOutcomes() throws {
        let store = try StateStore(path: Self.path(), config: "/feeds.json")
        _ = try store.remember(Self.digest([Self.item("a")]), at: start)
        _ = try store.remember(Self.digest([Self.item("a")]), at: start.addingTimeInterval(80 * 86_400))
        try store.prune(olderThan: .seconds(30 * 86_400), now: start.addingTimeInterval(90 * 86_400))
        let (runs, outcomes) = try store.read { db in
            let count = { (table: String) in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)") }
            return (try count("run"), try count("sourceRun"))
        }
        #expect(runs == 1 && outcomes == 1, "the first run and its outcome are gone, the second run's stay")
        #expect(try store.summary().first?.lastRun == start.addingTimeInterval(80 * 86_400))
    }

    /// What `store` wrote of its snapshot for "news", read back through another connection.
    static func written(by store: StateStore) throws -> (savedAt: Date, items: [FeedItem])? {
        store.finishQueuedWrites()
        return try StateStore(path: store.path, config: store.config).load(for: "news")
    }

    @Test func snapshotsLiveInTheStore() throws {
        let store = try StateStore(path: Self.path(), config: "/feeds.json")
        store.save([Self.item("kept")], for: "news", at: start)
        #expect(store.load(for: "news")?.items == [Self.item("kept")], "one waiting to be written is loaded too")
        let loaded = try #require(try Self.written(by: store))
        #expect(loaded.savedAt == start)
        #expect(loaded.items == [Self.item("kept")])
    }

    @Test func aLargeSnapshotKeepsEveryItemInOrderAndASmallerOneReplacesIt() throws {
        let store = try StateStore(path: Self.path(), config: "/feeds.json")
        let many = (0..<10_000).map { Self.item("item-\($0)") }
        store.save(many, for: "news", at: start)
        #expect(try Self.written(by: store)?.items == many)
        store.save(Array(many.prefix(3)), for: "news", at: start)
        #expect(try Self.written(by: store)?.items == Array(many.prefix(3)), "no piece of the larger snapshot is left")
        store.save([], for: "news", at: start)
        #expect(try Self.written(by: store)?.items == [])
    }

    @Test func snapshotsOfManySourcesSavedAtOnceAreAllWritten() async throws {
        let store = try StateStore(path: Self.path(), config: "/feeds.json")
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<200 {
                group.addTask {
                    store.save([Self.item("i\(index)", source: "s\(index)")], for: "s\(index)", at: self.start)
                }
            }
        }
        store.finishQueuedWrites()
        let reopened = try StateStore(path: store.path, config: store.config)
        for index in 0..<200 {
            #expect(reopened.load(for: "s\(index)")?.items.map(\.id) == ["i\(index)"])
        }
    }
}
