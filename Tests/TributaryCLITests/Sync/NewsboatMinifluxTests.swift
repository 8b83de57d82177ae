import Foundation
import Testing
import TributaryTesting

/// newsboat's Miniflux backend (`urls-source "miniflux"`) against `serve --sync-user`: it
/// lists the sources as feeds with their unread items, and read state goes both ways.
@Suite(.serialized, .enabled(if: Newsboat.isInstalled, "scripts/bootstrap --tests installs newsboat and tmux"))
struct NewsboatMinifluxTests {
    static func newsboat(_ fixture: SyncFixture) throws -> Newsboat {
        try Newsboat(settings: [
            #"urls-source "miniflux""#,
            #"miniflux-url "\#(fixture.serve.base.absoluteString.dropLast())""#,
            #"miniflux-login "\#(SyncFixture.user)""#,
            #"miniflux-password "\#(SyncFixture.password)""#,
        ])
    }

    @Test func newsboatReadsTheUnreadItemsAndReadStateGoesBothWays() async throws {
        let fixture = try await SyncFixture.start()
        try await fixture.refresh()
        let newsboat = try Self.newsboat(fixture)
        #expect(try await newsboat.reloadAndCountUnread() == 7, "5 windowed posts and 2 static ones")

        let entries = MinifluxAPITests.objects(
            MinifluxAPITests.object(try await fixture.json("/v1/entries?status=unread"))["entries"])
        let id = try #require(entries.first { $0["title"] as? String == "Static one" }?["id"] as? Int)
        _ = try await fixture.send("/v1/entries", method: "PUT", body: #"{"entry_ids": [\#(id)], "status": "read"}"#)
        #expect(try await newsboat.reloadAndCountUnread() == 6, "read on the server, read in newsboat")

        try await newsboat.open()
        defer { Task { await newsboat.close() } }
        let opened = try await newsboat.waitForScreen(containing: "Windowed")
        let screen = try await newsboat.screen()
        #expect(opened, "newsboat shows the feeds: \(screen)\nnewsboat's log ends:\n\(newsboat.logTail())")
        #expect(screen.contains("(5/5)") && screen.contains("(1/2)"), "unread/total per feed: \(screen)")
        try await newsboat.send("A")  // mark the feed under the cursor, the first, read
        let markedOnServer = try await TestProgram.poll {
            let counters = MinifluxAPITests.object(try await fixture.json("/v1/feeds/counters"))
            return MinifluxAPITests.object(counters["unreads"] as Any).values.compactMap { $0 as? Int }.sorted() == [
                0, 1,
            ]
        }
        #expect(markedOnServer, "newsboat's mark-feed-read reaches the server")
        let page = ServeArchiveTests.items(try await fixture.serve.send("/api/digest"))
        #expect(page.filter { $0["source"] as? String == "w" }.allSatisfy { $0["read"] as? Bool == true })
        try await newsboat.send("q")
        await newsboat.close()
        try await fixture.stop()
    }
}
