import Foundation
import Testing
import Tributary
import TributaryTesting

/// The Miniflux API (v1) of `serve --sync-user`, through the binary on loopback: sign-in,
/// the shapes clients read, paging, filters, and read and starred state shared with the page.
@Suite(.serialized) struct MinifluxAPITests {
    static func object(_ value: Any) -> [String: Any] { value as? [String: Any] ?? [:] }
    static func objects(_ value: Any?) -> [[String: Any]] { value as? [[String: Any]] ?? [] }
    static func text(_ response: HTTPResponse) -> String { String(decoding: response.body, as: UTF8.self) }

    @Test func withoutASyncUserTheSyncPathsAreNotThere() async throws {
        let fixture = try await SyncFixture.start(syncUser: nil)
        let response = try await fixture.send("/v1/me")
        #expect(response.status == 404)
        try await fixture.stop()
    }

    @Test func wrongCredentialsGetTheSameAnswerAndTenFailuresGetRefused() async throws {
        let fixture = try await SyncFixture.start()
        let wrongUser = try await fixture.serve.send("/v1/me", headers: SyncFixture.basic("nobody"))
        let wrongPassword = try await fixture.serve.send(
            "/v1/me", headers: SyncFixture.basic(SyncFixture.user, "wrong"))
        let none = try await fixture.serve.send("/v1/me")
        #expect(wrongUser.status == 401 && wrongPassword.status == 401 && none.status == 401)
        #expect(Self.text(wrongUser) == Self.text(wrongPassword))
        #expect(Self.text(wrongUser) == #"{"error_message":"Access Unauthorized"}"#)
        let token = try await fixture.serve.send("/v1/me", headers: ["X-Auth-Token": SyncFixture.password])
        #expect(token.status == 200)
        #expect(Self.object(try JSONSerialization.jsonObject(with: token.body))["username"] as? String == "reader")
        for _ in 4...10 { _ = try await fixture.serve.send("/v1/me", headers: ["X-Auth-Token": "guess"]) }
        let refused = try await fixture.send("/v1/me")
        #expect(refused.status == 429, "the right password too, from an address refused for a minute")
        #expect(refused.headers["retry-after"].flatMap(Int.init).map { (1...60).contains($0) } == true)
        let result = try await fixture.serve.stop()
        await fixture.server.shutdown()
        #expect(!result.stderr.contains(SyncFixture.password) && !result.stdout.contains(SyncFixture.password))
    }

    @Test func feedsAreTheSourcesWithTheirTagsAsCategories() async throws {
        let fixture = try await SyncFixture.start()
        try await fixture.refresh()
        let categories = Self.objects(try await fixture.json("/v1/categories"))
        #expect(Set(categories.compactMap { $0["title"] as? String }) == ["news", "All"])
        let feeds = Self.objects(try await fixture.json("/v1/feeds"))
        #expect(feeds.compactMap { $0["title"] as? String } == ["Windowed", "b"])
        let windowed = try #require(feeds.first)
        let category = Self.object(windowed["category"] as Any)
        #expect(category["title"] as? String == "news")
        #expect((windowed["feed_url"] as? String)?.hasSuffix("/feed.xml") == true)
        let id = try #require(windowed["id"] as? Int)
        #expect(Self.object(try await fixture.json("/v1/feeds/\(id)"))["title"] as? String == "Windowed")
        #expect(try await fixture.send("/v1/feeds/99999").status == 404)
        let withCounts = Self.objects(try await fixture.json("/v1/categories?counts=true"))
        let news = try #require(withCounts.first { $0["title"] as? String == "news" })
        #expect(news["feed_count"] as? Int == 1 && news["total_unread"] as? Int == 5)
        let counters = Self.object(try await fixture.json("/v1/feeds/counters"))
        #expect(Self.object(counters["unreads"] as Any)[String(id)] as? Int == 5)
        try await fixture.stop()
    }

    @Test func entriesPageFilterAndKeepWhatLeftTheWindow() async throws {
        let fixture = try await SyncFixture.start()
        try await fixture.refresh()
        fixture.feed.grow(by: 5)
        try await fixture.refresh()
        let feeds = Self.objects(try await fixture.json("/v1/feeds"))
        let id = try #require(feeds.first?["id"] as? Int)
        let all = Self.object(try await fixture.json("/v1/feeds/\(id)/entries?order=published_at&direction=desc"))
        #expect(all["total"] as? Int == 10, "the 5 that left the window are archived")
        let entries = Self.objects(all["entries"])
        #expect(entries.compactMap { $0["title"] as? String } == (1...10).reversed().map { "Post \($0)" })
        let first = try #require(entries.first)
        #expect(first["status"] as? String == "unread" && first["starred"] as? Bool == false)
        #expect(first["url"] as? String == "https://example.org/10")
        #expect(first["published_at"] as? String == "2026-11-02T10:00:00Z")
        #expect(Self.object(first["feed"] as Any)["id"] as? Int == id)
        #expect(Self.object(Self.object(first["feed"] as Any)["category"] as Any)["title"] as? String == "news")
        let page = Self.object(
            try await fixture.json("/v1/entries?limit=3&offset=3&order=published_at&direction=desc"))
        #expect(page["total"] as? Int == 12, "every feed's entries count")
        #expect(Self.objects(page["entries"]).compactMap { $0["title"] as? String } == ["Post 7", "Post 6", "Post 5"])
        let after = Self.object(try await fixture.json("/v1/entries?after_entry_id=0&limit=0&direction=asc&order=id"))
        #expect(Self.objects(after["entries"]).count == 12)
        let found = Self.object(try await fixture.json("/v1/entries?search=word7"))
        #expect(Self.objects(found["entries"]).compactMap { $0["title"] as? String } == ["Post 7"])
        let bad = try await fixture.send("/v1/entries?status=bogus")
        #expect(bad.status == 400 && Self.text(bad).hasPrefix(#"{"error_message":"#))
        let one = Self.object(try await fixture.json("/v1/entries/\(try #require(first["id"] as? Int))"))
        #expect(one["title"] as? String == "Post 10")
        try await fixture.stop()
    }

    @Test func readAndStarredStateIsOneWithThePageAndTheDigest() async throws {
        let fixture = try await SyncFixture.start()
        try await fixture.refresh()
        let newestFirst = "/v1/entries?status=unread&order=published_at&direction=desc"
        let unread = Self.objects(Self.object(try await fixture.json(newestFirst))["entries"])
        #expect(unread.count == 7)
        #expect(unread.prefix(2).compactMap { $0["title"] as? String } == ["Post 5", "Post 4"])
        let ids = unread.prefix(2).compactMap { $0["id"] as? Int }
        let marked = try await fixture.send(
            "/v1/entries", method: "PUT", body: #"{"entry_ids": [\#(ids[0]), \#(ids[1])], "status": "read"}"#)
        #expect(marked.status == 204, "\(Self.text(marked))")
        let left = Self.object(try await fixture.json("/v1/entries?status=unread"))
        #expect(left["total"] as? Int == 5)
        let page = ServeArchiveTests.items(try await fixture.serve.send("/api/digest"))
        let readOnPage = page.filter { $0["read"] as? Bool == true }.compactMap { $0["entryID"] as? Int }
        #expect(Set(readOnPage) == Set(ids), "the page shows what the client read")
        let starred = try await fixture.send("/v1/entries/\(ids[0])/bookmark", method: "PUT")
        #expect(starred.status == 204)
        let stars = Self.object(try await fixture.json("/v1/entries?starred=true"))
        #expect(Self.objects(stars["entries"]).compactMap { $0["id"] as? Int } == [ids[0]])
        _ = try await fixture.send("/v1/entries/\(ids[0])/bookmark", method: "PUT")
        #expect(Self.object(try await fixture.json("/v1/entries?starred=true"))["total"] as? Int == 0)
        let feeds = Self.objects(try await fixture.json("/v1/feeds"))
        let other = try #require(feeds.last?["id"] as? Int)
        #expect(try await fixture.send("/v1/feeds/\(other)/mark-all-as-read", method: "PUT").status == 204)
        let counters = Self.object(try await fixture.json("/v1/feeds/counters"))
        #expect(Self.object(counters["unreads"] as Any)[String(other)] as? Int == 0)
        #expect(Self.object(counters["reads"] as Any)[String(other)] as? Int == 2)
        let unreadAgain = try await fixture.send(
            "/v1/entries", method: "PUT", body: #"{"entry_ids": [\#(ids[0])], "status": "unread"}"#)
        #expect(unreadAgain.status == 204)
        #expect(Self.object(try await fixture.json("/v1/entries?status=unread"))["total"] as? Int == 4)
        let wrong = try await fixture.send("/v1/entries", method: "PUT", body: #"{"entry_ids": [1], "status": "gone"}"#)
        #expect(wrong.status == 400)
        try await fixture.stop()
    }
}

/// A podcast's episode reaches Miniflux clients as the entry's enclosure.
@Suite struct MinifluxEnclosureTests {
    @Test func anEpisodeIsTheEntrysEnclosure() async throws {
        let feed = """
            <rss version="2.0"><channel><title>Radio</title><item><title>Episode 1</title>
            <link>https://radio.example/1</link><guid>ep1</guid>
            <enclosure url="https://cdn.radio.example/ep1.mp3" length="123456" type="audio/mpeg"/>
            </item></channel></rss>
            """
        let server = try await LocalHTTPServer.start { _ in .text(feed, contentType: "application/rss+xml") }
        defer { Task { await server.shutdown() } }
        let config = try TributaryBinary.config(
            #"{"sources": [{"id": "radio", "type": "feed", "url": "\#(server.baseURL)/feed.xml"}]}"#)
        let serve = try await ServeHarness.start(
            config: config, extra: ["--sync-user", SyncFixture.user],
            environment: ["TRIBUTARY_SYNC_PASSWORD": SyncFixture.password])
        let token = try await serve.token()
        _ = try await serve.send("/api/refresh", method: "POST", headers: ["X-Tributary-Token": token])
        let response = try await serve.send("/v1/entries", headers: SyncFixture.basic())
        let entries = MinifluxAPITests.objects(
            MinifluxAPITests.object(try JSONSerialization.jsonObject(with: response.body))["entries"])
        let entry = try #require(entries.first)
        let files = MinifluxAPITests.objects(entry["enclosures"])
        #expect(files.count == 1, "\(entry)")
        #expect(files.first?["url"] as? String == "https://cdn.radio.example/ep1.mp3")
        #expect(files.first?["mime_type"] as? String == "audio/mpeg" && files.first?["size"] as? Int == 123456)
        #expect(files.first?["entry_id"] as? Int == entry["id"] as? Int)
        _ = try await serve.stop()
    }
}
