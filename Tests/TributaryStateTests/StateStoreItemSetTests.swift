import Foundation
import GRDB
import Testing
import Tributary
@testable import TributaryState

/// Schema v5 keeps each source's items as one value: a store v4 wrote keeps what it knew
/// of every item, and a value the store cannot read fails naming the store and the way out.
@Suite struct StateStoreItemSetTests {
    typealias Fixture = StateStoreTests

    /// A v4 store: "a" read and "b" unread of one source, "c" of another config.
    func versionFourStore() throws -> URL {
        try Fixture.store(upTo: "v4") { db in
            try db.execute(sql: "INSERT INTO source (id, config, name) VALUES (1, '/feeds.json', 'news')")
            try db.execute(sql: "INSERT INTO source (id, config, name) VALUES (2, '/other.json', 'news')")
            let insert =
                "INSERT INTO item (source, idKey, urlKey, firstSeen, lastSeen, readAt) VALUES (?, ?, ?, ?, ?, ?)"
            try db.execute(
                sql: insert, arguments: [1, StoreKey.of("a"), StoreKey.of("https://example.com/a"), 10, 20, 30])
            try db.execute(sql: insert, arguments: [1, StoreKey.of("b"), nil, 11, 21, nil])
            try db.execute(sql: insert, arguments: [2, StoreKey.of("c"), nil, 12, 22, nil])
        }
    }

    @Test func aVersionFourStoreKeepsFirstSeenAndReadStateOfEveryItem() throws {
        let path = try versionFourStore()
        let store = try StateStore(path: path, config: "/feeds.json")
        let renamed = Fixture.item("a-renamed", url: "https://example.com/a")
        let items = [Fixture.item("a"), Fixture.item("b"), renamed, Fixture.item("new")]
        let memory = try store.remember(Fixture.digest(items), at: Date(timeIntervalSince1970: 100), dryRun: true)
        #expect(memory[items[0]] == ItemMemory(firstSeen: Date(timeIntervalSince1970: 10), isNew: false, isRead: true))
        #expect(memory[items[1]] == ItemMemory(firstSeen: Date(timeIntervalSince1970: 11), isNew: false, isRead: false))
        #expect(memory[renamed] == ItemMemory(firstSeen: Date(timeIntervalSince1970: 10), isNew: false, isRead: true))
        #expect(memory[items[3]]?.isNew == true)
        let other = try StateStore(path: path, config: "/other.json")
        let otherMemory = try other.remember(Fixture.digest([Fixture.item("c")]), at: Date(), dryRun: true)
        #expect(otherMemory[Fixture.item("c")]?.firstSeen == Date(timeIntervalSince1970: 12))
        let tables = try store.database.read { db in try db.tableExists("item") }
        #expect(!tables, "v4's table is gone")
    }

    @Test func anItemSetTheStoreCannotReadNamesTheStoreAndTheWayOut() throws {
        let store = try StateStore(path: Fixture.path(), config: "/feeds.json")
        _ = try store.remember(Fixture.digest([Fixture.item("a")]), at: Date())
        try store.database.write { db in try db.execute(sql: "UPDATE itemSet SET items = x'0203'") }
        let error = #expect(throws: TributaryError.self) {
            try store.remember(Fixture.digest([Fixture.item("a")]), at: Date())
        }
        #expect(error?.message.contains(store.path.path) == true)
        #expect(error?.message.contains("corrupt") == true)
        #expect(error?.message.contains("--no-state") == true)
    }
}
