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

    /// A `<` that starts no tag, or a tag or declaration never closed, keeps its text.
    @Test func textThatBeginsLikeMarkupKeepsItsText() async throws {
        let (items, _) = try await served("text-like-markup/feed.xml")
        let summaries = Dictionary(uniqueKeysWithValues: items.map { ($0.id, $0.summary) })
        #expect(summaries["m1"] == "<!'")
        #expect(summaries["m2"] == "<!DOCTYPE")
        #expect(summaries["m3"] == "1 < 2 and 3 > 2; x <y")
        #expect(summaries["m4"] == "Real bold", "real markup still reads as its text alone")
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
