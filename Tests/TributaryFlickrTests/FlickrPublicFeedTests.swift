import Foundation
import Testing
import Tributary
import TributaryFlickr
import TributaryTesting

/// `mode: public` (the keyless `photos_public.gne` feed) against a local server.
@Suite struct FlickrPublicFeedTests {
    let harness = SourceHarness(SourceType(FlickrSource.self))
    static let feedType = "application/x-javascript; charset=utf-8"

    func serve(_ fixture: String) async throws -> LocalHTTPServer {
        try await LocalHTTPServer.start { _ in Fixture.response(fixture, in: .module, contentType: Self.feedType) }
    }

    @Test func feedWithQuoteEscapesAndEscapedAuthorDecodes() async throws {
        let server = try await serve("public-feed-quote-escapes/body.json")
        defer { Task { await server.shutdown() } }
        let items = try await harness.items(
            #"{"id": "pub", "type": "flickr", "tags": ["sunset", "landscape"], "baseURL": "\#(server.baseURL)"}"#)
        #expect(items.count == 2)
        let first = items[0]
        #expect(first.id == "54921977043")
        #expect(first.kind == .photo)
        #expect(first.title == "Doppio d'Oro at golden hour")
        #expect(first.author == "Sinéad O'Brien")
        #expect(first.url?.absoluteString == "https://www.flickr.com/photos/sineadob/54921977043/")
        #expect(first.published == ISO8601DateFormatter().date(from: "2026-11-22T05:02:18Z"))
        #expect(first.thumbnail?.absoluteString == "https://live.staticflickr.com/65535/54921977043_5e8f1b2a9c_q.jpg")
        #expect(first.image?.absoluteString == "https://live.staticflickr.com/65535/54921977043_5e8f1b2a9c_z.jpg")
        #expect(first.summary == "The café's sign catches the sun & the hills go purple.")
        #expect(first.tags == ["sunset", "landscape", "ireland", "cafe"])
        #expect(items[1].title == "Untitled photo")
        #expect(items[1].author == "Tom \"Sky\" Müller")
        #expect(items[1].summary == nil)
    }

    @Test func publicRequestIsKeylessWithAllTagsByDefault() async throws {
        let server = try await serve("public-feed-quote-escapes/body.json")
        defer { Task { await server.shutdown() } }
        _ = try await harness.items(
            #"{"id": "pub", "type": "flickr", "tags": ["sunset", "landscape"], "baseURL": "\#(server.baseURL)"}"#)
        let sent = try #require(server.requests.first)
        #expect(sent.path == "/services/feeds/photos_public.gne")
        #expect(
            sent.uri
                == "/services/feeds/photos_public.gne?tags=sunset,landscape&tagmode=all&format=json&nojsoncallback=1")
    }

    @Test func publicTagModeAnyIsPassedOn() async throws {
        let server = try await serve("public-feed-quote-escapes/body.json")
        defer { Task { await server.shutdown() } }
        _ = try await harness.items(
            #"{"id": "pub", "type": "flickr", "mode": "public", "tags": ["fog"], "tagMode": "any", "baseURL": "#
                + #""\#(server.baseURL)"}"#
        )
        #expect(server.requests.first?.query["tagmode"] == "any")
    }

    @Test func jsonFlickrFeedWrapperIsUnwrapped() async throws {
        let server = try await serve("jsonp-wrappers/feed.js")
        defer { Task { await server.shutdown() } }
        let items = try await harness.items(
            #"{"id": "pub", "type": "flickr", "tags": ["sunset"], "baseURL": "\#(server.baseURL)"}"#)
        let item = try #require(items.first)
        #expect(items.count == 1)
        #expect(item.title == "Sunset over Kerameikos")
        #expect(item.author == "Eleni P.")
        #expect(item.summary == "Last light over the ancient cemetery.")
        #expect(item.published == ISO8601DateFormatter().date(from: "2026-11-22T04:58:31Z"))
    }
}
