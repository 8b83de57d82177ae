import Foundation
import FoundationXML
import Testing
import Tributary
import TributaryTesting

/// The Google Reader API's streams through the binary: paging with `n` and `c`, `xt`,
/// `it`, `ot`, `r=o`, item ids in both forms, `edit-tag` and `mark-all-as-read` reaching
/// the page and the Miniflux API, and `/reader/atom/`.
@Suite(.serialized) struct GoogleReaderStreamTests {
    typealias Client = GoogleReaderAPITests.Client
    static let readingList = GoogleReaderAPITests.readingList
    static let read = GoogleReaderAPITests.read
    static let starred = GoogleReaderAPITests.starred

    /// A signed-in client of a fixture whose windowed feed has grown to 10 posts (12 items).
    static func grown() async throws -> Client {
        let fixture = try await SyncFixture.start()
        try await fixture.refresh()
        fixture.feed.grow(by: 5)
        try await fixture.refresh()
        return try await Client.signIn(fixture)
    }

    @Test func continuationsPageThroughEveryItemOnce() async throws {
        let client = try await Self.grown()
        var seen: [String] = []
        var continuation: String?
        var pages = 0
        repeat {
            let path = "/reader/api/0/stream/contents/\(Self.readingList)?n=5" + (continuation.map { "&c=\($0)" } ?? "")
            let page = try await client.json(path)
            seen += GoogleReaderAPITests.ids(MinifluxAPITests.objects(page["items"]))
            continuation = page["continuation"] as? String
            pages += 1
        } while continuation != nil && pages < 10
        #expect(pages == 3 && seen.count == 12 && Set(seen).count == 12, "5, 5 and 2 items; none twice")

        let oldestFirst = try await client.items("/reader/api/0/stream/contents/\(Self.readingList)?n=100&r=o")
        #expect(GoogleReaderAPITests.ids(oldestFirst) == seen.reversed())
        var ascending: [String] = []
        continuation = nil
        repeat {
            let path =
                "/reader/api/0/stream/contents/\(Self.readingList)?r=o&n=4" + (continuation.map { "&c=\($0)" } ?? "")
            let page = try await client.json(path)
            ascending += GoogleReaderAPITests.ids(MinifluxAPITests.objects(page["items"]))
            continuation = page["continuation"] as? String
        } while continuation != nil && ascending.count < 100
        #expect(ascending == seen.reversed(), "r=o pages oldest first")

        let ids = try await client.json("/reader/api/0/stream/items/ids?s=\(Self.readingList)&n=7")
        let refs = MinifluxAPITests.objects(ids["itemRefs"]).compactMap { $0["id"] as? String }
        #expect(refs.count == 7 && refs.allSatisfy { Int64($0) != nil })
        let rest = try await client.json(
            "/reader/api/0/stream/items/ids?s=\(Self.readingList)&n=7&c=\(try #require(ids["continuation"] as? String))"
        )
        let more = MinifluxAPITests.objects(rest["itemRefs"]).compactMap { $0["id"] as? String }
        #expect(more.count == 5 && rest["continuation"] == nil && Set(refs + more).count == 12)

        let future = Int(Date().timeIntervalSince1970) + 3600
        #expect(try await client.items("/reader/api/0/stream/contents/\(Self.readingList)?ot=\(future)").isEmpty)
        #expect(
            try await client.items("/reader/api/0/stream/contents/\(Self.readingList)?n=50&ot=1000000000").count == 12)
        #expect(
            try await client.items("/reader/api/0/stream/contents/\(Self.readingList)?n=50&nt=\(future)").count == 12)
        try await client.fixture.stop()
    }

    @Test func editTagMarksReadUnreadAndStarredForEveryView() async throws {
        let client = try await Self.grown()
        let unread = try await client.json(
            "/reader/api/0/stream/items/ids?s=\(Self.readingList)&xt=\(Self.read)&n=1000")
        let shortIDs = MinifluxAPITests.objects(unread["itemRefs"]).compactMap { $0["id"] as? String }
        #expect(shortIDs.count == 12)
        let contents = try await client.json(
            "/reader/api/0/stream/items/contents", method: "POST", body: "i=\(shortIDs[0])&i=\(shortIDs[1])")
        let two = MinifluxAPITests.objects(contents["items"])
        let longIDs = GoogleReaderAPITests.ids(two)
        #expect(longIDs.count == 2)
        let byLong = try await client.json(
            "/reader/api/0/stream/items/contents", method: "POST",
            body: longIDs.map { "i=\($0)" }.joined(separator: "&"))
        #expect(Set(GoogleReaderAPITests.ids(MinifluxAPITests.objects(byLong["items"]))) == Set(longIDs))

        // One long id and one short: both are marked read.
        try await client.change("/reader/api/0/edit-tag", "i=\(longIDs[0])&i=\(shortIDs[1])&a=\(Self.read)")
        let left = try await client.json("/reader/api/0/stream/items/ids?s=\(Self.readingList)&xt=\(Self.read)&n=1000")
        #expect(MinifluxAPITests.objects(left["itemRefs"]).count == 10)
        #expect(try await client.unreadCounts()[Self.readingList] == 10)
        let page = ServeArchiveTests.items(try await client.fixture.serve.send("/api/digest"))
        let readOnPage = Set(page.filter { $0["read"] as? Bool == true }.compactMap { $0["entryID"] as? Int })
        #expect(readOnPage == Set(shortIDs.prefix(2).compactMap { Int($0) }), "the page shows what the client read")
        let miniflux = MinifluxAPITests.object(try await client.fixture.json("/v1/entries?status=read"))
        #expect(miniflux["total"] as? Int == 2, "and so does the Miniflux API")
        let readItem = try await client.json(
            "/reader/api/0/stream/items/contents", method: "POST", body: "i=\(shortIDs[0])")
        let categories = MinifluxAPITests.objects(readItem["items"]).first?["categories"] as? [String] ?? []
        #expect(categories.contains(Self.read))

        try await client.change("/reader/api/0/edit-tag", "i=\(shortIDs[0])&r=\(Self.read)")
        #expect(try await client.unreadCounts()[Self.readingList] == 11)
        try await client.change("/reader/api/0/edit-tag", "i=\(longIDs[1])&a=\(Self.starred)")
        let starred = try await client.items("/reader/api/0/stream/contents/\(Self.starred)")
        #expect(GoogleReaderAPITests.ids(starred) == [longIDs[1]])
        #expect(
            MinifluxAPITests.object(try await client.fixture.json("/v1/entries?starred=true"))["total"] as? Int == 1)
        let starredOnPage = try await client.fixture.serve.send("/api/archive?starred=1")
        #expect(ServeArchiveTests.items(starredOnPage).count == 1, "\(MinifluxAPITests.text(starredOnPage))")
        try await client.change("/reader/api/0/edit-tag", "i=\(longIDs[1])&r=\(Self.starred)")
        #expect(try await client.items("/reader/api/0/stream/contents/\(Self.starred)").isEmpty)

        // newsboat's unread: read removed, kept-unread added; "x" is a token FreshRSS takes (Reeder's).
        let keptUnread = try await client.send(
            "/reader/api/0/edit-tag", method: "POST",
            body: "i=\(shortIDs[1])&r=\(Self.read)&a=user/-/state/com.google/kept-unread&ac=edit&T=x")
        #expect(MinifluxAPITests.text(keptUnread) == "OK")
        #expect(try await client.unreadCounts()[Self.readingList] == 12)

        let forged = try await client.send(
            "/reader/api/0/edit-tag", method: "POST", body: "i=\(shortIDs[2])&a=\(Self.read)&T=forged")
        #expect(forged.status == 401, "a wrong action token changes nothing")
        #expect(try await client.unreadCounts()[Self.readingList] == 12)
        try await client.fixture.stop()
    }

    @Test func markAllAsReadMarksAFeedALabelOrEverything() async throws {
        let client = try await Self.grown()
        let feeds = try await client.feedIDs()
        let other = try #require(feeds["b"])
        try await client.change("/reader/api/0/mark-all-as-read", "s=\(other)")
        var counts = try await client.unreadCounts()
        #expect(counts[other] == 0 && counts[Self.readingList] == 10)
        let page = ServeArchiveTests.items(try await client.fixture.serve.send("/api/digest"))
        #expect(page.filter { $0["source"] as? String == "b" }.allSatisfy { $0["read"] as? Bool == true })
        let past = Int64(Date().timeIntervalSince1970 - 3600) * 1_000_000
        try await client.change("/reader/api/0/mark-all-as-read", "s=user/-/label/news&ts=\(past)")
        #expect(try await client.unreadCounts()["user/-/label/news"] == 10, "ts: only items first seen before it")
        try await client.change("/reader/api/0/mark-all-as-read", "s=user/-/label/news")
        counts = try await client.unreadCounts()
        #expect(counts["user/-/label/news"] == 0 && counts[Self.readingList] == 0)
        let unreadOnly = try await client.items("/reader/api/0/stream/contents/\(Self.readingList)?xt=\(Self.read)")
        #expect(unreadOnly.isEmpty)
        let readOnly = try await client.items("/reader/api/0/stream/contents/\(Self.readingList)?it=\(Self.read)&n=100")
        #expect(readOnly.count == 12)
        try await client.fixture.stop()
    }

    @Test func atomFeedsCarryTheReadStateAndAContinuation() async throws {
        let client = try await Self.grown()
        let feed = try #require(try await client.feedIDs()["Windowed"])
        let first = try await client.items("/reader/api/0/stream/contents/\(feed)?n=1")
        let newest = try #require(GoogleReaderAPITests.ids(first).first)
        try await client.change("/reader/api/0/edit-tag", "i=\(newest)&a=\(Self.read)")
        let escaped = feed.replacingOccurrences(of: "/", with: "%2F")
        let response = try await client.send("/reader/atom/\(escaped)?n=3")
        #expect(response.status == 200 && response.headers["content-type"]?.hasPrefix("application/atom+xml") == true)
        let xml = MinifluxAPITests.text(response)
        #expect(xml.components(separatedBy: "<entry ").count - 1 == 3)
        #expect(xml.contains("<id gr:original-id=") && xml.contains(">\(newest)</id>"))
        #expect(xml.contains("<title type=\"text\">Post 10</title>") && xml.contains("<gr:continuation>"))
        #expect(xml.components(separatedBy: #"label="read""#).count - 1 == 1)
        #expect(xml.components(separatedBy: #"label="fresh""#).count - 1 == 2)
        let document = try XMLDocument(data: response.body)
        #expect(try document.nodes(forXPath: "//*[local-name()='entry']").count == 3, "well-formed Atom")
        let viaPrefix = try await client.send("/api/greader.php/reader/atom/\(feed)?n=3")
        #expect(MinifluxAPITests.text(viaPrefix).components(separatedBy: "<entry ").count - 1 == 3)
        try await client.fixture.stop()
    }
}
