import Foundation
import Testing
import Tributary
import TributaryTesting

/// The formats before RSS 2.0 and Atom 1.0, and the ones that are not read (issue 20).
@Suite struct FeedLegacyFormatTests {
    @Test func atom03() async throws {
        let (items, _) = try await served("legacy-formats/atom-0.3.xml", contentType: "application/atom+xml")
        #expect(items.map(\.title) == ["Tides & times <3", "Boats & buoys", "Inline weather"])
        #expect(
            items.map { $0.url?.absoluteString } == [
                "https://harbour.example/2004/03/tides", "https://harbour.example/2004/02/boats",
                "https://harbour.example/2004/02/weather",
            ])
        #expect(
            items.map(\.id) == [
                "tag:harbour.example,2004:1", "tag:harbour.example,2004:2", "tag:harbour.example,2004:3",
            ])
        #expect(items.map(\.author) == ["Ann Tide", "Quay Keeper", "Quay Keeper"])
        #expect(
            items.map(\.published) == [
                utc("2004-03-02T01:15:00Z"), utc("2004-02-20T09:30:00Z"), utc("2004-02-10T07:00:00Z"),
            ], "issued, else modified, else created")
        #expect(items.map(\.summary) == ["High water at six.", "Encoded body with an &", "Fog, then sun."])
    }

    @Test func atomWithoutNamespace() async throws {
        let (items, _) = try await served("legacy-formats/atom-no-namespace.xml", contentType: "application/atom+xml")
        let item = try #require(items.first)
        #expect(items.count == 1)
        #expect(item.title == "No namespace, still Atom")
        #expect(item.url?.absoluteString == "https://bare.example/posts/1")
        #expect(item.id == "urn:uuid:6b1f0c52-0001")
        #expect(item.author == "Bea Bare")
        #expect(item.published == utc("2026-01-02T03:04:05Z"))
        #expect(item.summary == "Read as Atom.")
        #expect(item.tags == ["misc"])
    }

    @Test func rss090() async throws {
        let (items, _) = try await served("legacy-formats/rss-0.90.rdf", contentType: "application/rdf+xml")
        #expect(items.map(\.title) == ["Nineteen ninety-nine", "Portal news"])
        #expect(items.map { $0.url?.absoluteString } == ["http://old.example/1999", "http://old.example/portal"])
    }

    @Test func rss091WithNetscapeDTD() async throws {
        let (items, _) = try await served("legacy-formats/rss-0.91-netscape.xml")
        let item = try #require(items.first)
        #expect(item.title == "Café & crème")
        #expect(item.url?.absoluteString == "http://ns.example/cafe")
        #expect(item.summary == "Fresh & hot — 5€")
    }

    @Test func rss091InUserLandNamespace() async throws {
        let (items, _) = try await served("legacy-formats/rss-0.91-userland.xml")
        let item = try #require(items.first)
        #expect(item.title == "Outliners")
        #expect(item.url?.absoluteString == "http://userland.example/outliners")
        #expect(item.summary == "Outlines everywhere")
    }

    @Test func rss092ItemWithoutTitle() async throws {
        let (items, _) = try await served("legacy-formats/rss-0.92.xml")
        let item = try #require(items.first)
        #expect(item.title == "An item with only a description, which serves as its title.")
        #expect(item.tags == ["Shows"])
        #expect(item.image == nil, "an audio enclosure is no image")
    }

    @Test func rss20InHarvardNamespace() async throws {
        let (items, _) = try await served("legacy-formats/rss-harvard.xml")
        let item = try #require(items.first)
        #expect(item.title == "Namespaced item")
        #expect(item.url?.absoluteString == "http://law.example/item")
        #expect(item.published == utc("2004-09-06T16:45:00Z"))
    }

    /// Microsoft's Channel Definition Format (W3C NOTE-CDFsubmit, 1997): `ITEM`s in nested
    /// `CHANNEL`s, their `HREF` the link, `LASTMOD` the date, `TITLE` and `ABSTRACT`.
    @Test func cdfChannel() async throws {
        let (items, _) = try await served("legacy-formats/cdf-channel.xml", contentType: "application/xml")
        #expect(items.map(\.title) == ["Opening hours & holidays", "Story time"])
        #expect(
            items.map { $0.url?.absoluteString } == [
                "https://library.example/hours", "https://library.example/children/story-time",
            ])
        #expect(items.map(\.published) == [utc("2001-03-01T16:30:00Z"), utc("2001-02-27T00:00:00Z")])
        #expect(items.map(\.summary) == ["Closed on Monday.", nil])
    }

    @Test func rss11IsRefusedByName() async throws {
        let error = try #require(
            try await failure(serving: "legacy-formats/rss-1.1.xml", contentType: "application/xml"))
        #expect(
            error.message
                == "the document is RSS 1.1 (root element <Channel> in namespace http://purl.org/net/rss1.1#), which "
                + "Tributary does not read"
        )
    }

    @Test func opmlIsRefusedByName() async throws {
        let error = try #require(try await failure(serving: "legacy-formats/opml.xml", contentType: "text/x-opml"))
        #expect(
            error.message
                == "the document is an OPML outline (root element <opml>), a list of feeds rather than a feed: add "
                + "its feeds one by one"
        )
    }

    @Test func unknownRootNamesItsNamespace() async throws {
        let body = #"<?xml version="1.0"?><feed xmlns="urn:example:not-atom"><entry/></feed>"#
        let server = try await LocalHTTPServer.start { _ in .body(Data(body.utf8), contentType: "application/xml") }
        defer { Task { await server.shutdown() } }
        let error = try #require(
            await feedHarness.failure(#"{"id": "f", "type": "feed", "url": "\#(server.baseURL)/feed"}"#))
        #expect(
            error.message
                == "the document's root element is <feed> in namespace urn:example:not-atom, not an RSS, RDF or Atom "
                + "feed"
        )
    }
}
