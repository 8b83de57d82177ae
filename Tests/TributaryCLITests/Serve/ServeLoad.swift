import Foundation
import Testing
import TributaryTesting

/// A large live digest and many event-stream clients, for the tests of how `serve` copes
/// with load: an RSS feed on 127.0.0.1 of `count` items (each with a few hundred bytes of
/// description, about 500 bytes of digest JSON) that grows on demand.
final class BigFeed: @unchecked Sendable {
    private let lock = NSLock()
    private var count: Int

    init(items: Int) {
        count = items
    }

    /// Adds one item, `Post <count>`, and returns its title.
    func grow() -> String {
        lock.withLock {
            count += 1
            return "Post \(count)"
        }
    }

    var body: String {
        let filler = String(repeating: "Words about the post, ", count: 14)
        let items = (1...lock.withLock { count }).map {
            "<item><title>Post \($0)</title><link>https://example.org/\($0)</link>"
                + "<description>\(filler)\($0)</description></item>"
        }
        return #"<rss version="2.0"><channel><title>big</title>\#(items.joined())</channel></rss>"#
    }

    /// A feed of `items` served on 127.0.0.1, and a feeds.json reading all of it.
    static func serve(items: Int) async throws -> (BigFeed, LocalHTTPServer, URL) {
        let feed = BigFeed(items: items)
        let server = try await LocalHTTPServer.start { _ in .text(feed.body, contentType: "application/rss+xml") }
        let config = try TributaryBinary.config(
            #"{"limit": 0, "sources": [{"id": "big", "type": "feed", "url": "\#(server.baseURL)/feed.xml"}]}"#)
        return (feed, server, config)
    }
}

extension ServeHarness {
    /// An event-stream client that reads nothing, with a small receive buffer so it falls
    /// behind after a few kilobytes.
    func stalledEventClient() throws -> RawConnection {
        let port = base.port ?? 0
        let connection = try RawConnection(port: port, receiveBuffer: 4_096)
        try connection.send("GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
        return connection
    }

    /// Refreshes every source through the API and returns the status.
    func refresh() async throws -> Int {
        try await send("/api/refresh", method: "POST", headers: ["X-Tributary-Token": try await token()]).status
    }

    /// How many items `/api/digest` holds now.
    func itemCount() async throws -> Int {
        let digest = ServeAPITests.json(try await send("/api/digest"))
        return (digest["items"] as? [Any])?.count ?? 0
    }
}
