import Foundation
import Testing
import Tributary
import TributaryRendering

/// The output feeds of `GoldenTests.digest` against the files in `Golden/`, written by
/// `TRIBUTARY_UPDATE_GOLDEN=1` and reviewed against RFC 4287 (Atom), RSS 2.0 and JSON
/// Feed 1.1. The generator's version reads `VERSION`, so a release does not rewrite them.
@Suite struct FeedGoldenTests {
    func check(_ renderer: Renderer, against name: String) throws {
        let rendered = String(decoding: renderer.bytes(GoldenTests.digest), as: UTF8.self)
            .replacingOccurrences(of: TributaryVersion.current, with: "VERSION")
        try GoldenTests().check(rendered, against: name)
    }

    @Test func atom() throws {
        try check(.atom, against: "digest.atom")
    }

    @Test func rss() throws {
        try check(.rss, against: "digest.rss")
    }

    @Test func jsonFeed() throws {
        try check(.jsonFeed, against: "digest.jsonfeed.json")
    }

    @Test func anEmptyDigestIsAFeedWithNoEntries() throws {
        var digest = GoldenTests.digest
        digest.items = []
        #expect(AtomRenderer().render(digest).hasSuffix("Tributary</generator>\n</feed>\n"))
        #expect(RSSRenderer().render(digest).hasSuffix("</generator>\n</channel>\n</rss>\n"))
        let feed = try JSONSerialization.jsonObject(with: Data(JSONFeedRenderer().render(digest).utf8))
        #expect((feed as? [String: Any])?["items"] as? [Any] != nil, "an empty items array")
    }
}
