import Foundation
import Testing
import TributaryTesting

/// newsboat's FeedHQ backend (`urls-source "feedhq"`), its Google Reader client, against
/// `serve --sync-user`: it lists the sources as feeds through `subscription/list`, reads
/// each as `/reader/atom/feed%2FID` with the read state in the entries' categories, and
/// marks read with `edit-tag` and `mark-all-as-read`.
@Suite(.serialized, .enabled(if: Newsboat.isInstalled, "scripts/bootstrap --tests installs newsboat and tmux"))
struct NewsboatGoogleReaderTests {
    static func newsboat(_ fixture: SyncFixture) throws -> Newsboat {
        try Newsboat(settings: [
            #"urls-source "feedhq""#,
            #"feedhq-url "\#(fixture.serve.base.absoluteString.dropLast())""#,
            #"feedhq-login "\#(SyncFixture.user)""#,
            #"feedhq-password "\#(SyncFixture.password)""#,
            #"feedhq-show-special-feeds "no""#,
        ])
    }

    @Test func newsboatReadsTheUnreadItemsAndReadStateGoesBothWays() async throws {
        let fixture = try await SyncFixture.start()
        try await fixture.refresh()
        let newsboat = try Self.newsboat(fixture)
        #expect(try await newsboat.reloadAndCountUnread() == 7, "5 windowed posts and 2 static ones")

        let client = try await GoogleReaderAPITests.Client.signIn(fixture)
        let items = try await client.items("/reader/api/0/stream/contents/\(GoogleReaderAPITests.readingList)?n=100")
        let id = try #require(items.first { $0["title"] as? String == "Static one" }?["id"] as? String)
        try await client.change("/reader/api/0/edit-tag", "i=\(id)&a=\(GoogleReaderAPITests.read)")
        #expect(try await newsboat.reloadAndCountUnread() == 6, "read on the server, read in newsboat")

        try await newsboat.open()
        defer { Task { await newsboat.close() } }
        let shown = try await newsboat.waitForScreen(containing: "Windowed")
        let screen = try await newsboat.screen()
        #expect(shown, "\(screen)\nnewsboat's log ends:\n\(newsboat.logTail())")
        #expect(screen.contains("(5/5)") && screen.contains("(1/2)"), "unread/total per feed: \(screen)")
        try await newsboat.send("A")  // mark the feed under the cursor, the first, read
        let feeds = try await client.feedIDs()
        let windowed = try #require(feeds["Windowed"])
        let markedOnServer = try await TestProgram.poll { try await client.unreadCounts()[windowed] == 0 }
        #expect(markedOnServer, "newsboat's mark-feed-read reaches the server")
        let page = ServeArchiveTests.items(try await fixture.serve.send("/api/digest"))
        #expect(page.filter { $0["source"] as? String == "w" }.allSatisfy { $0["read"] as? Bool == true })

        // Open the other feed and its one unread item: reading it marks it read on the server.
        try await newsboat.send("j")
        try await newsboat.send("Enter")
        let opened = try await newsboat.waitForScreen(containing: "Static two")
        let afterOpening = try await newsboat.screen()
        #expect(opened, "\(afterOpening)")
        try await newsboat.send("Enter")  // open the item under the cursor, the unread one
        #expect(try await newsboat.waitForScreen(containing: "Article 'Static two'"))
        try await newsboat.send("q")  // newsboat 2.21 marks an item read on the first key in its view
        let other = try #require(feeds["b"])
        let readOnServer = try await TestProgram.poll { try await client.unreadCounts()[other] == 0 }
        let afterReading = try await newsboat.screen()
        #expect(readOnServer, "reading an item in newsboat marks it read: \(afterReading)")
        let digest = ServeArchiveTests.items(try await fixture.serve.send("/api/digest"))
        #expect(digest.allSatisfy { $0["read"] as? Bool == true }, "every item is read on the page too")
        try await newsboat.send("q")
        try await newsboat.send("q")
        await newsboat.close()
        try await fixture.stop()
    }
}
