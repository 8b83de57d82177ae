import Foundation
import Testing
import Tributary
import TributaryTesting

/// What relative references resolve against, and what names an RSS 1.0 item.
@Suite struct FeedBaseTests {
    /// RSS 1.0 §5.5: an item's `rdf:about` is the URI naming it, its id when it has no
    /// link (resolved against `xml:base` like any reference).
    @Test func rdfAboutIsTheIdOfAnItemWithoutLink() async throws {
        let feed = """
            <?xml version="1.0"?>
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"
              xml:base="https://x.example/news/">
            <channel rdf:about="https://x.example/"><title>RDF</title></channel>
            <item rdf:about="https://x.example/items/1"><title>One</title></item>
            <item rdf:about="items/2"><title>Two</title></item>
            </rdf:RDF>
            """
        let items = try await update(serving: Data(feed.utf8)).items
        #expect(items.map(\.id) == ["https://x.example/items/1", "https://x.example/news/items/2"])
    }

    /// A response's `Content-Location` (absolute or relative to the address fetched) is the
    /// base of the feed's relative links, under any `xml:base`.
    @Test(arguments: ["https://cdn.example.com/blog/feed.xml", "/moved/blog/feed.xml"])
    func contentLocationIsTheBaseOfRelativeLinks(location: String) async throws {
        let feed = """
            <?xml version="1.0"?>
            <rss version="2.0"><channel><title>Moved</title>
            <item><title>A</title><guid>a</guid><link>posts/a</link></item>
            </channel></rss>
            """
        let server = try await LocalHTTPServer.start { _ in
            .body(Data(feed.utf8), contentType: "application/rss+xml", headers: ["Content-Location": location])
        }
        defer { Task { await server.shutdown() } }
        let items = try await feedHarness.items(#"{"id": "f", "type": "feed", "url": "\#(server.baseURL)/feed"}"#)
        let base = location.hasPrefix("/") ? "\(server.baseURL)/moved/blog/" : "https://cdn.example.com/blog/"
        #expect(items.first?.url?.absoluteString == base + "posts/a")
    }
}
