import Foundation
import Testing
import Tributary
import TributaryFeed
import TributaryTesting

@Suite struct WellKnownFeedTests {
    @Test func stackOverflowTagFeed() async throws {
        let (items, _) = try await served("stackoverflow-tag-feed/feed.xml", contentType: "application/atom+xml")
        let item = try #require(items.first)
        #expect(item.kind == .question)
        #expect(item.score == 14)
        #expect(item.title == "Why does my actor's property read return a stale value after await?")
        #expect(item.id == "https://stackoverflow.com/q/79834561")
        #expect(item.tags == ["swift", "concurrency"])
        #expect(item.author == "Mira Okafor")
        #expect(item.summary == "I have an actor holding a cache…")
    }

    @Test func flickrPublicAtom() async throws {
        let (items, _) = try await served("flickr-public-atom/feed.xml", contentType: "application/atom+xml")
        let item = try #require(items.first)
        #expect(item.kind == .photo)
        #expect(item.image?.absoluteString == "https://live.staticflickr.com/65535/54012345678_abcdef1234_b.jpg")
        #expect(item.author == "oceanlight")
        #expect(item.tags == ["sunset", "bay"])
    }

    @Test func mastodonTagRSS() async throws {
        let (items, _) = try await served("mastodon-tag-rss/feed.xml")
        let item = try #require(items.first)
        #expect(item.kind == .post)
        #expect(item.title == "Typed throws made my parser so much cleaner. #swiftlang")
        #expect(item.author == "@swiftdev@mastodon.social")
        #expect(item.thumbnail?.absoluteString.hasSuffix("/original/abc.png") == true)
    }

    @Test func fileURL() async throws {
        let url = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/file-url/feed.xml")
        let items = try await feedHarness.items(#"{"id": "f", "type": "feed", "url": "\#(url.absoluteString)"}"#)
        #expect(items.count == 2)
        #expect(items.first?.title == "Faster builds with caching & remote execution")
    }

    @Test func missingFileIsPermanent() async throws {
        let error = try #require(
            await feedHarness.failure(#"{"id": "f", "type": "feed", "url": "file:///nonexistent/feed.xml"}"#))
        #expect(error.code == .permanent)
        #expect(error.message.contains("/nonexistent/feed.xml"))
    }

    @Test func urlIsRequired() throws {
        #expect(throws: TributaryError.self) { try feedHarness.source(#"{"id": "f", "type": "feed"}"#) }
    }
}

@Suite struct FeedReadmeTests {
    @Test func readmeSampleIsAValidEntry() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Plugins/Feed/README.md").standardized
        let text = try String(contentsOf: readme, encoding: .utf8)
        let start = try #require(text.range(of: "```json\n"))
        let end = try #require(text.range(of: "```", range: start.upperBound..<text.endIndex))
        let entry = try feedHarness.entry(String(text[start.upperBound..<end.lowerBound]))
        #expect(entry.type == "feed")
        #expect(entry.string("url") == "https://www.swift.org/atom.xml")
        #expect(entry.limit == 20)
    }
}
