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
