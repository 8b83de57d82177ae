import Foundation
import Testing
import Tributary
import TributaryTesting

/// Character and entity references as XML 1.0 (§4.1, §4.4) defines them, and the
/// upper-case `&#X…;` that HTML and feeds in the wild write.
@Suite struct FeedReferenceTests {
    /// `&#X2019;` is the character, in element text, in an attribute and in escaped HTML,
    /// as browsers read it, though XML 1.0 strictly allows only `&#x2019;`.
    @Test func upperCaseHexReferencesReadAsTheirCharacters() async throws {
        let feed = """
            <?xml version="1.0" encoding="utf-8"?>
            <rss version="2.0"><channel><title>References</title>
            <item><title>It&#X2019;s &#X201C;quoted&#X201D; &#x41;&#X42;</title><guid>r1</guid>
            <link>https://x.example/&#X61;bc</link>
            <description>&lt;p&gt;Caf&amp;#XE9; &#XE9;t&#XE9;&lt;/p&gt;</description></item>
            </channel></rss>
            """
        let item = try #require(try await update(serving: Data(feed.utf8)).items.first)
        #expect(item.title == "It’s “quoted” AB")
        #expect(item.url?.absoluteString == "https://x.example/abc")
        #expect(item.summary == "Café été")
    }
}

/// Internal general entities (XML 1.0 §4.2.1, §4.4.2): a reference reads as the entity's
/// replacement text, parsed as part of the document, bounded as libxml2 bounds expansion.
@Suite struct FeedInternalEntityTests {
    @Test func internalEntitiesExpandWhereverTheyAreReferred() async throws {
        let feed = """
            <?xml version="1.0"?>
            <!DOCTYPE rss [
             <!ENTITY tag "tag:example.com">
             <!ENTITY  site   'https://x.example'>
             <!ENTITY bold "<b>bold</b> &#38;#38; &#169;">
             <!ENTITY tag "the first declaration binds">
             <!ENTITY % parameter "unused">
            ]>
            <rss version="2.0"><channel><title>Entities</title>
            <item><title>A &tag; B &pound;5 &amp;tag; <![CDATA[&tag;]]></title><guid>&tag;,2026:1</guid>
            <description>&bold;</description><link>&site;/page</link></item>
            <item><title>After <b>an error</i> &tag;</title><guid>e2</guid>
            <enclosure url="&site;/a.jpg" type="image/jpeg"/></item>
            </channel></rss>
            """
        let update = try await update(serving: Data(feed.utf8))
        #expect(update.items.map(\.id) == ["tag:example.com,2026:1", "e2"])
        let item = try #require(update.items.first)
        #expect(item.title == "A tag:example.com B £5 &tag; &tag;")
        #expect(item.summary == "bold & ©")
        #expect(item.url?.absoluteString == "https://x.example/page")
        #expect(update.items.last?.title == "After an error tag:example.com")
        #expect(update.items.last?.imageString == "https://x.example/a.jpg")
        #expect(
            update.diagnostics.contains("read 5 entity declarations (internal ones expanded)"), "\(update.diagnostics)")
    }

    /// One flat entity referred to many times (no nesting, so no "bomb" shape) is bounded
    /// by libxml2's rule: past 1 MB, expansion may not exceed five times the document.
    @Test func expansionBeyondFiveTimesTheDocumentIsRefused() async throws {
        let value = String(repeating: "lol ", count: 2_500)
        let references = String(repeating: "&e;", count: 2_000)
        let feed = """
            <?xml version="1.0"?>
            <!DOCTYPE rss [<!ENTITY e "\(value)">]>
            <rss version="2.0"><channel><title>Flat</title>
            <item><title>x</title><guid>f1</guid><description>\(references)</description></item>
            </channel></rss>
            """
        let server = try await LocalHTTPServer.start { _ in .body(Data(feed.utf8), contentType: "application/xml") }
        defer { Task { await server.shutdown() } }
        let error = try #require(
            await feedHarness.failure(#"{"id": "f", "type": "feed", "url": "\#(server.baseURL)/feed"}"#))
        #expect(error.code == .badResponse)
        #expect(
            error.message.contains("entities expand to more than 5 times the document's size"), "\(error.message)")
    }

    /// Expansion within the bound is kept, however many references there are.
    @Test func expansionWithinTheBoundIsKept() async throws {
        let references = String(repeating: "&e;", count: 30_000)
        let feed = """
            <?xml version="1.0"?>
            <!DOCTYPE rss [<!ENTITY e "ab">]>
            <rss version="2.0"><channel><title>Many</title>
            <item><title>&e;&e;</title><guid>m1</guid><description>\(references)</description></item>
            </channel></rss>
            """
        let item = try #require(try await update(serving: Data(feed.utf8)).items.first)
        #expect(item.title == "abab")
        #expect(item.summary?.hasPrefix("ababab") == true)
    }
}
