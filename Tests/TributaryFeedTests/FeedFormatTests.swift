import Foundation
import Testing
import Tributary
import TributaryTesting

@Suite struct FeedFormatTests {
    @Test func rss20() async throws {
        let (items, server) = try await served("rss-2.0/feed.xml")
        #expect(server.requests.count == 1)
        #expect(items.count == 2)
        let first = try #require(items.first)
        #expect(first.id == "post-1042")
        #expect(first.sourceType == "feed")
        #expect(first.kind == .article)
        #expect(first.title == "Faster builds with caching & remote execution")
        #expect(first.url?.absoluteString == "https://blog.example.com/posts/faster-builds")
        #expect(first.author == "Ada Byron")
        #expect(first.published == utc("2026-11-21T13:30:00Z"))
        #expect(first.summary == "We cut build times by 60%.")
        #expect(first.tags == ["builds", "ci"])
        #expect(first.thumbnail?.absoluteString == "https://cdn.example.com/faster-builds-thumb.jpg")
        let second = items[1]
        #expect(second.id == "https://blog.example.com/podcast/12")
        #expect(second.author == "Grace Hopper")
        #expect(second.image?.absoluteString == "https://cdn.example.com/ep12-cover.png")
        #expect(second.thumbnail?.absoluteString == "https://cdn.example.com/ep12-cover.png")
    }

    @Test func rss10RDF() async throws {
        let (items, _) = try await served("rss-1.0-rdf/feed.rdf", contentType: "application/rdf+xml")
        let item = try #require(items.first)
        #expect(items.count == 1)
        #expect(item.title == "Kernel 7.1 released")
        #expect(item.id == "https://news.example.org/a/1")
        #expect(item.author == "Linus")
        #expect(item.published == utc("2026-11-21T08:15:00Z"))
        #expect(item.tags == ["linux"])
    }

    @Test func atom() async throws {
        let (items, _) = try await served("atom/feed.xml", contentType: "application/atom+xml")
        #expect(items.count == 2)
        let first = try #require(items.first)
        #expect(first.title == "Swift 6.3 released")
        #expect(first.id == "tag:swift.org,2026:/blog/swift-6.3-released")
        #expect(first.url?.absoluteString == "https://www.swift.org/blog/swift-6.3-released/")
        #expect(first.author == "Holly Borla")
        #expect(first.published == utc("2026-11-21T22:00:00Z"))
        #expect(first.tags == ["Language"])
        #expect(first.summary == "Swift 6.3 is now available.")
        let second = items[1]
        #expect(second.published == utc("2026-11-20T10:00:00.250Z"))
        #expect(second.url?.absoluteString.hasSuffix("/blog/updated-only/") == true)
        #expect(second.summary == "Hello world")
        #expect(second.author == "The Swift Team", "an entry without an author has the feed's")
        #expect(second.thumbnail?.path == "/images/hello.png")
    }

    @Test func jsonFeed11() async throws {
        let (items, _) = try await served("json-feed-1.1/feed.json", contentType: "application/feed+json")
        #expect(items.count == 3)
        let first = try #require(items.first)
        #expect(first.id == "2")
        #expect(first.title == "A walk by the river this morning.")
        #expect(first.author == "Manton")
        #expect(first.thumbnail?.absoluteString.hasSuffix("/uploads/river.jpg") == true)
        #expect(first.published == utc("2026-11-21T07:45:00Z"))
        #expect(items[1].id == "1")
        #expect(items[1].author == "Old Style")
        #expect(items[1].title == "Hello JSON Feed")
        #expect(items[2].author == "Manton Reece", "an item without an author has the feed's")
    }

    @Test func limitKeepsTheFirstItems() async throws {
        let (items, _) = try await served("rss-2.0/feed.xml", limit: 1)
        #expect(items.map(\.id) == ["post-1042"])
    }
}
