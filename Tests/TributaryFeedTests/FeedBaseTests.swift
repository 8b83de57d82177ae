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

    /// A relative Atom id or permalink guid resolves against the `xml:base` in effect, as
    /// links do; an opaque guid (`isPermaLink="false"`), or any id without an explicit base, stays as written.
    @Test func relativeIdsResolveAgainstTheirXMLBase() async throws {
        let atom = """
            <?xml version="1.0"?>
            <feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://x.example/blog/"><title>A</title>
            <entry xml:base="2026/"><id>post-1</id><title>One</title></entry>
            <entry><id>tag:x.example,2026:2</id><title>Two</title></entry>
            </feed>
            """
        let atomItems = try await update(serving: Data(atom.utf8)).items
        #expect(atomItems.map(\.id) == ["https://x.example/blog/2026/post-1", "tag:x.example,2026:2"])
        let rss = """
            <?xml version="1.0"?>
            <rss version="2.0" xml:base="https://x.example/news/"><channel><title>R</title>
            <item><title>A</title><guid>a.html</guid></item>
            <item><title>B</title><guid isPermaLink="false">b-77</guid></item>
            </channel></rss>
            """
        let rssItems = try await update(serving: Data(rss.utf8)).items
        #expect(rssItems.map(\.id) == ["https://x.example/news/a.html", "b-77"])
        let noBase = #"<rss version="2.0"><channel><title>N</title><item><guid>c-1</guid></item></channel></rss>"#
        #expect(try await update(serving: Data(noBase.utf8)).items.map(\.id) == ["c-1"])
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
