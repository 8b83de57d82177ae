import Foundation
import GRDB
import Testing
import Tributary
@testable import TributaryState
import TributaryTesting

/// The archive keeps an item's enclosures, so that `--unread`, `--starred` and search show
/// a podcast's episodes with their files; a store of v9 ("v9-hooks") migrates forward.
@Suite struct ArchiveEnclosureTests {
    typealias Fixture = StateStoreTests

    let start = Date(timeIntervalSince1970: 1_795_300_000)

    static let file = Enclosure(
        urlString: "https://media.harbourradio.example/hr042.mp3", mimeType: "audio/mpeg", length: 40_531_968,
        duration: 2_533)!

    static func episode(enclosures: [Enclosure] = [file]) -> FeedItem {
        FeedItem(
            id: "radio:42", source: "radio", sourceType: "feed", kind: .article, title: "Tides and time zones",
            url: URL(string: "https://harbourradio.example/42"), enclosures: enclosures)
    }

    @Test func archivedEpisodesKeepTheirFilesInEveryQuery() throws {
        let store = try StateStore(path: Fixture.path(), config: "/feeds.json")
        _ = try store.remember(Fixture.digest([Self.episode(), Fixture.item("plain", source: "radio")]), at: start)
        let all = try store.archived(.init(), now: start)
        #expect(all.first { $0.item.id == "radio:42" }?.item.enclosures == [Self.file])
        #expect(all.first { $0.item.id == "plain" }?.item.enclosures == [])
        #expect(try store.archived(.init(unreadOnly: true), now: start).contains { $0.item.enclosures == [Self.file] })
        let found = try store.archived(.init(matching: "tides"), now: start)
        #expect(found.map(\.item.enclosures) == [[Self.file]])
    }

    @Test func anEpisodeWhoseFileChangedUpstreamIsRewritten() throws {
        let store = try StateStore(path: Fixture.path(), config: "/feeds.json")
        _ = try store.remember(Fixture.digest([Self.episode()]), at: start)
        let moved = Enclosure(urlString: "https://cdn.harbourradio.example/hr042.mp3", mimeType: "audio/mpeg")!
        _ = try store.remember(Fixture.digest([Self.episode(enclosures: [moved])]), at: start.addingTimeInterval(60))
        #expect(try store.archived(.init(), now: start).map(\.item.enclosures) == [[moved]])
    }

    @Test func aVersionNineStoresRowsReadWithoutFilesAndGainThemWhenShownAgain() throws {
        let before = Self.episode(enclosures: [])
        let path = try Fixture.store(upTo: "v9-hooks") { db in
            try db.execute(sql: "INSERT INTO source (config, name) VALUES ('/feeds.json', 'radio')")
            try db.execute(
                sql: """
                    INSERT INTO entry (source, idKey, fingerprint, itemID, sourceType, kind, title, url, tags,
                        firstSeen, lastSeen)
                    VALUES (1, ?, ?, 'radio:42', 'feed', 'article', 'Tides and time zones',
                        'https://harbourradio.example/42', '', ?, ?)
                    """,
                arguments: [
                    Int64(bitPattern: before.idHash), ArchivedText(before).fingerprint,
                    start.timeIntervalSince1970, start.timeIntervalSince1970,
                ])
        }
        let store = try StateStore(path: path, config: "/feeds.json")
        #expect(try store.database.read(StateSchema.migrator.appliedMigrations).contains("v10-enclosures"))
        let old = try #require(try store.archived(.init(), now: start).first)
        #expect(old.item.title == "Tides and time zones" && old.item.enclosures == [])
        _ = try store.remember(Fixture.digest([Self.episode()]), at: start.addingTimeInterval(60))
        let shownAgain = try store.archived(.init(), now: start)
        #expect(shownAgain.map(\.entry.id) == [old.entry.id], "the same entry, rewritten")
        #expect(shownAgain.map(\.item.enclosures) == [[Self.file]])
    }

    @Test func rowsWithoutEnclosuresKeepTheFingerprintTheyHadBefore() {
        let plain = Fixture.item("plain")
        var withFiles = plain
        withFiles.enclosures = [Self.file]
        #expect(ArchivedText(plain).enclosures == nil)
        #expect(ArchivedText(plain).fingerprint != ArchivedText(withFiles).fingerprint)
    }

    /// The fingerprint as it was first computed: each field marked present or absent, one
    /// string of them all; rows archived then must keep matching their items.
    @Test func fingerprintsAreThoseOfTheFieldsJoined() {
        var item = Self.episode()
        item.published = Date(timeIntervalSince1970: 1_795_000_123.5)
        item.tags = ["radio", "tides"]
        let text = ArchivedText(item)
        let fields: [String?] = [
            "feed", "article", "Tides and time zones", "https://harbourradio.example/42", nil, "1795000123.5", nil,
            nil, nil, "radio\ntides", text.enclosures,
        ]
        let joined = fields.map { $0.map { "=" + $0 } ?? "-" }.joined(separator: "\u{1F}")
        #expect(text.fingerprint == StoreKey.of(joined))
    }
}
