import Foundation
import Testing
import Tributary
import TributaryTesting

/// Namespaces are matched by URI (and its known alias spellings), never by prefix (issue 20).
@Suite struct FeedNamespaceTests {
    @Test func podcastFieldsUnderAnotherPrefixAndSpelling() async throws {
        let (items, _) = try await served("namespaces/feed.xml")
        let item = try #require(items.first { $0.id == "ep7" })
        #expect(item.author == "Marina Flow")
        #expect(item.thumbnail?.absoluteString == "https://cdn.ns.example/ep7.jpg")
        #expect(item.summary == "We talk about tides & turbines.")
        #expect(item.tags == ["energy", "tides", "turbines"])
    }

    @Test func podcastFieldsInTodaysSpelling() async throws {
        let (items, _) = try await served("namespaces/itunes-lowercase.xml")
        let item = try #require(items.first)
        #expect(item.author == "Guest Host")
        #expect(item.thumbnail?.absoluteString == "https://pod.example/pilot.png")
        #expect(item.summary == "The first one.")
        #expect(item.tags == ["pilot", "first"])
    }

    @Test func dublinCore() async throws {
        let (items, _) = try await served("namespaces/feed.xml")
        let item = try #require(items.first { $0.id == "dc1" })
        #expect(item.title == "Dublin Core only")
        #expect(item.summary == "Described in DC.")
        #expect(item.author == "Dee Core")
        #expect(item.published == utc("2005-04-05T04:07:08Z"))
        #expect(item.tags == ["metadata", "libraries"])
    }

    @Test func dcmiTermsDates() async throws {
        let (items, _) = try await served("namespaces/feed.xml")
        let dates = Dictionary(uniqueKeysWithValues: items.map { ($0.id, $0.published) })
        #expect(dates["terms1"] == utc("2006-01-01T12:00:00Z"), "issued, before modified")
        #expect(dates["terms2"] == utc("2006-03-03T03:03:03Z"))
        #expect(dates["terms3"] == utc("2006-04-04T04:04:04Z"))
    }

    @Test func mediaRSSGroup() async throws {
        let (items, _) = try await served("namespaces/feed.xml")
        let item = try #require(items.first { $0.id == "media1" })
        #expect(item.image?.absoluteString == "https://cdn.ns.example/big.jpg")
        #expect(item.thumbnail?.absoluteString == "https://cdn.ns.example/thumb.jpg")
        #expect(item.summary == "Three photos of the pier.")
        #expect(item.tags == ["piers"])
    }

    @Test func contentEncodedUnderAnotherPrefix() async throws {
        let (items, _) = try await served("namespaces/feed.xml")
        let item = try #require(items.first { $0.id == "content1" })
        #expect(item.summary == "The whole story.")
    }
}
