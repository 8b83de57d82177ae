import Foundation
import Testing
import Tributary
import TributaryTesting

@Suite struct FeedQuirkTests {
    @Test func cdataTitles() async throws {
        let (items, _) = try await served("cdata-titles/feed.xml")
        #expect(items.map(\.title) == ["Tom & Jerry's <guide> to C++", "Café & crème – a review"])
    }

    @Test func relativeLinksWithXMLBase() async throws {
        let (items, _) = try await served("relative-links-xml-base/feed.xml")
        #expect(
            items.map { $0.url?.absoluteString } == [
                "https://base.example.com/blog/posts/one.html", "https://base.example.com/archive/2026/two.html",
            ])
    }

    @Test func relativeLinksAgainstTheFeedURL() async throws {
        let (items, server) = try await served("relative-links-xml-base/no-base.xml")
        #expect(items.first?.url?.absoluteString == "\(server.baseURL)/posts/three")
    }

    @Test func brokenRFC822Dates() async throws {
        let (items, _) = try await served("broken-rfc822-dates/feed.xml")
        let dates = Dictionary(uniqueKeysWithValues: items.map { ($0.id, $0.published) })
        #expect(dates["d1"] == utc("2026-11-21T10:00:00Z"))
        #expect(dates["d2"] == utc("2026-11-21T10:00:00Z"))
        #expect(dates["d3"] == utc("2026-11-21T10:00:00Z"))
        #expect(dates["d4"] == utc("2026-11-21T10:00:00Z"))
        #expect(dates["d5"] == utc("2026-11-21T10:00:00Z"))
        #expect(dates["d6"] == utc("2026-09-07T10:00:00Z"))
        #expect(dates["d7"] == .some(nil))
    }

    @Test func unescapedAmpersand() async throws {
        let (items, _) = try await served("unescaped-ampersand/feed.xml")
        #expect(items.map(\.id) == ["a1", "a2"])
        #expect(items.last?.title == "Still here")
    }

    @Test func entityBombIsNotExpanded() async throws {
        let clock = ContinuousClock()
        let started = clock.now
        let error = try #require(
            try await failure(serving: "entity-bomb/feed.xml", contentType: "application/rss+xml", status: 200))
        #expect(
            clock.now - started < .seconds(30), "refused, not expanded (the bound leaves room for slow sanitizer runs)")
        #expect(error.code == .badResponse)
        #expect(error.message.contains("entity-expansion bomb; refused"), "\(error.message)")
    }

    @Test func externalEntityIsNeverLoaded() async throws {
        let error = try #require(
            try await failure(serving: "external-entity/feed.xml", contentType: "application/rss+xml", status: 200))
        #expect(error.code == .badResponse)
        #expect(error.message.contains("declares an external entity"), "\(error.message)")
        #expect(!error.message.contains("root:"))
    }

    /// An entity declared in the document's own DTD is never expanded: its reference reads
    /// as nothing, wherever it is, while undeclared HTML names still decode.
    @Test func internalEntityReadsAsNothing() async throws {
        let feed = """
            <?xml version="1.0"?>
            <!DOCTYPE rss [
             <!ENTITY e "expanded">
             <!ENTITY  wide   'also expanded'>
             <!ENTITY % parameter "unused">
            ]>
            <rss version="2.0"><channel><title>Entities</title>
            <item><title>A &e; B&wide;C &pound;5 &amp;e; <![CDATA[&e;]]></title><guid>e1</guid>
            <description>x&e;y</description><link>https://x.example/&e;page</link></item>
            </channel></rss>
            """
        let update = try await update(serving: Data(feed.utf8))
        let item = try #require(update.items.first)
        #expect(item.title == "A BC £5 &e; &e;")
        #expect(item.summary == "xy")
        #expect(item.url?.absoluteString == "https://x.example/page")
        #expect(update.diagnostics.contains("ignored 3 entity declarations (never expanded)"), "\(update.diagnostics)")
    }

    @Test func htmlPageInsteadOfFeed() async throws {
        let error = try #require(
            try await failure(serving: "html-instead-of-feed/challenge.html", contentType: "text/html", status: 200))
        #expect(error.code == .badResponse)
        #expect(error.message == "the server sent an HTML page, not a feed (a login or bot-check page?)")
    }

    @Test func cloudflareChallengeWith403IsPermanent() async throws {
        let error = try #require(
            try await failure(serving: "html-instead-of-feed/challenge.html", contentType: "text/html", status: 403))
        #expect(error.code == .permanent)
    }
}
