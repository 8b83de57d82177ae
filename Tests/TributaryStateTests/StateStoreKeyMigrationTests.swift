import Foundation
import GRDB
import Testing
import Tributary
@testable import TributaryState
import TributaryTesting

/// Schema v4 keys items by integers (a `source` row, hashed ids and URLs); a store that v3
/// wrote keeps what it knew of every item, under every config.
@Suite struct StateStoreKeyMigrationTests {
    typealias Fixture = StateStoreTests

    /// A v3 store of two configs: "a" read, "b" unread, and "c" of another config.
    func versionThreeStore() throws -> URL {
        try Fixture.store(upTo: "v3") { db in
            try db.execute(
                sql: """
                    INSERT INTO item (config, source, itemID, canonicalURL, firstSeen, lastSeen, readAt) VALUES
                    ('/feeds.json', 'news', 'a', 'https://example.com/a', 10, 20, 30),
                    ('/feeds.json', 'news', 'b', 'https://example.com/b', 11, 21, NULL),
                    ('/other.json', 'news', 'c', NULL, 12, 22, NULL)
                    """)
        }
    }

    @Test func aVersionThreeStoreKeepsFirstSeenAndReadStateOfEveryItem() throws {
        let path = try versionThreeStore()
        let store = try StateStore(path: path, config: "/feeds.json")
        let items = [Fixture.item("a"), Fixture.item("b"), Fixture.item("new")]
        let memory = try store.remember(Fixture.digest(items), at: Date(timeIntervalSince1970: 100), dryRun: true)
        #expect(memory[items[0]] == ItemMemory(firstSeen: Date(timeIntervalSince1970: 10), isNew: false, isRead: true))
        #expect(memory[items[1]] == ItemMemory(firstSeen: Date(timeIntervalSince1970: 11), isNew: false, isRead: false))
        #expect(memory[items[2]]?.isNew == true)
        let other = try StateStore(path: path, config: "/other.json")
        let otherMemory = try other.remember(Fixture.digest([Fixture.item("c")]), at: Date(), dryRun: true)
        #expect(otherMemory[Fixture.item("c")]?.firstSeen == Date(timeIntervalSince1970: 12))
    }

    @Test func aCarriedOverURLStillMatchesAnItemWhoseIDChanged() throws {
        let store = try StateStore(path: try versionThreeStore(), config: "/feeds.json")
        let renamed = Fixture.item("a-renamed", url: "https://example.com/a")
        let memory = try store.remember(Fixture.digest([renamed]), at: Date(timeIntervalSince1970: 100))
        #expect(memory[renamed] == ItemMemory(firstSeen: Date(timeIntervalSince1970: 10), isNew: false, isRead: true))
    }

    /// The item sets keep keys only; an item's text is kept once, in its archive entry (v6).
    @Test func theItemSetsKeepNoItemTextOnlyKeys() throws {
        let store = try StateStore(path: Fixture.path(), config: "/feeds.json")
        let item = Fixture.item("an-id-of-its-own", url: "https://example.com/a-url-of-its-own")
        _ = try store.remember(Fixture.digest([item]), at: Date())
        let columns = try store.database.read { db in try db.columns(in: "itemSet").map(\.name) }
        #expect(columns == ["source", "count", "oldestSeen", "items"])
        let sets = try store.database.read { db in try Data.fetchAll(db, sql: "SELECT items FROM itemSet") }
        #expect(sets.allSatisfy { $0.range(of: Data("an-id-of-its-own".utf8)) == nil })
        let archived = try store.database.read { db in try String.fetchAll(db, sql: "SELECT url FROM entry") }
        #expect(archived == ["https://example.com/a-url-of-its-own"])
    }
}
