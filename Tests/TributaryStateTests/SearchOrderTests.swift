import Foundation
import GRDB
import Testing
import Tributary
@testable import TributaryState
import TributaryTesting

/// The search index is keyed by date (v13): a search reads the newest matches first and
/// stops at its limit. A store of v12 is indexed again under the new keys, and the index
/// follows its entries' edits and deletions.
@Suite struct SearchOrderTests {
    typealias Fixture = StateStoreTests

    let start = Date(timeIntervalSince1970: 1_795_300_000)

    /// Each entry's id beside the id its search index rows name (FTS5's vocabulary table
    /// lists them: the contentless index cannot be scanned itself), for every row of either.
    static func indexedIDs(_ store: StateStore) throws -> (entries: [Int64], indexed: [Int64]) {
        try store.database.write { db in
            try db.execute(
                sql: "CREATE VIRTUAL TABLE IF NOT EXISTS temp.searchRows USING fts5vocab(main, entrySearch, instance)")
            let entries = try Int64.fetchAll(db, sql: "SELECT id FROM entry ORDER BY id")
            let indexed = try Int64.fetchAll(
                db, sql: "SELECT DISTINCT \(StateSchema.searchKeyID("doc")) AS entry FROM searchRows ORDER BY entry")
            return (entries, indexed)
        }
    }

    @Test func aVersionTwelveStoreIsIndexedAgainAndSearchedNewestFirst() throws {
        let path = try Fixture.store(upTo: "v12-search-index-by-statement") { db in
            try db.execute(sql: "INSERT INTO source (config, name) VALUES ('/feeds.json', 'news')")
            for (id, published) in [(1, 1_795_000_000.0), (2, 1_795_200_000), (3, 1_795_100_000)] {
                try db.execute(
                    sql: """
                        INSERT INTO entry (id, source, idKey, fingerprint, itemID, sourceType, kind, title, tags,
                            published, firstSeen, lastSeen)
                        VALUES (?, 1, ?, 0, ?, 'feed', 'article', ?, 'harbour', ?, ?, ?)
                        """,
                    arguments: [
                        id, id, "news:\(id)", "Harbour \(id)", published, start.timeIntervalSince1970,
                        start.timeIntervalSince1970,
                    ])
                try db.execute(
                    sql: "INSERT INTO entrySearch (rowid, title, tags) VALUES (?, ?, 'harbour')",
                    arguments: [id, "Harbour \(id)"])
            }
        }
        let store = try StateStore(path: path, config: "/feeds.json")
        #expect(
            try store.archived(.init(matching: "harbour"), now: start).map(\.item.id) == ["news:2", "news:3", "news:1"])
        #expect(try store.archived(.init(matching: "harbour", limit: 1), now: start).map(\.item.id) == ["news:2"])
        try store.database.write { db in try db.execute(sql: "DELETE FROM entry WHERE id = 3") }
        #expect(try store.archived(.init(matching: "harbour"), now: start).map(\.item.id) == ["news:2", "news:1"])
        let (entries, indexed) = try Self.indexedIDs(store)
        #expect(entries == [1, 2] && indexed == entries)
    }

    @Test func searchTakesTheNewestMatchesFirstWithOrWithoutAPublicationDate() throws {
        let store = try StateStore(path: Fixture.path(), config: "/feeds.json")
        let undated = FeedItem(
            id: "news:undated", source: "news", sourceType: "feed", kind: .article, title: "Harbour undated",
            url: URL(string: "https://example.org/undated"))
        let dated = [1, 3, 2].map { ArchiveTests.item("\($0)", title: "Harbour \($0)", hour: $0) }
        _ = try store.remember(Fixture.digest(dated + [undated]), at: start)
        let found = try store.archived(.init(matching: "harbour"), now: start)
        #expect(
            found.map(\.item.id) == ["news:undated", "news:3", "news:2", "news:1"], "first seen now, then published")
        #expect(try store.archived(.init(matching: "harbour", limit: 2), now: start).map(\.item.id).count == 2)
        let moved = ArchiveTests.item("1", title: "Harbour 1", hour: 9)
        _ = try store.remember(Fixture.digest([moved]), at: start.addingTimeInterval(60))
        let again = try store.archived(.init(matching: "harbour"), now: start)
        #expect(again.map(\.item.id) == ["news:undated", "news:1", "news:3", "news:2"], "an edited date moves it")
    }
}
