import Foundation
import Testing
import Tributary
import TributaryFeed
import TributaryTesting

let feedHarness = SourceHarness(SourceType(WebFeedSource.self))

/// Serves one fixture at `/feed` and returns what the feed source reads from it.
func served(_ fixture: String, contentType: String = "application/rss+xml; charset=utf-8", limit: Int? = nil)
    async throws -> (
        items: [FeedItem], server: LocalHTTPServer
    )
{
    let server = try await LocalHTTPServer.start { _ in Fixture.response(fixture, in: .module, contentType: contentType)
    }
    let limitJSON = limit.map { #", "limit": \#($0)"# } ?? ""
    let items = try await feedHarness.items(
        #"{"id": "f", "type": "feed", "url": "\#(server.baseURL)/feed"\#(limitJSON)}"#)
    await server.shutdown()
    return (items, server)
}

func failure(serving fixture: String, contentType: String = "application/rss+xml", status: Int = 200) async throws
    -> TributaryError?
{
    let server = try await LocalHTTPServer.start { _ in
        Fixture.response(fixture, in: .module, contentType: contentType, status: status)
    }
    defer { Task { await server.shutdown() } }
    return await feedHarness.failure(#"{"id": "f", "type": "feed", "url": "\#(server.baseURL)/feed"}"#)
}

func utc(_ text: String) -> Date {
    try! Date(text, strategy: .iso8601)
}

/// Serves `body` at `/feed` and returns the feed source's one update from it.
func update(serving body: Data, contentType: String = "application/xml") async throws -> SourceUpdate {
    let server = try await LocalHTTPServer.start { _ in .body(body, contentType: contentType) }
    defer { Task { await server.shutdown() } }
    let updates = try await feedHarness.updates(#"{"id": "f", "type": "feed", "url": "\#(server.baseURL)/feed"}"#)
    return try #require(updates.last)
}
