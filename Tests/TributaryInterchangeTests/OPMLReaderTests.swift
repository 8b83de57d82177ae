import Foundation
import Testing
@testable import TributaryInterchange

/// What the OPML reader keeps and leaves out, by line.
@Suite struct OPMLReaderTests {
    @Test func webAddressesOfEverySpellingAreFeedsAndOthersAreRefusedByLine() throws {
        let opml = """
            <opml version="2.0"><body>
            <outline text="Upper" xmlUrl="HTTPS://Upper.example/Feed"/>
            <outline text="Token" xmlUrl="https://t.example/feed?token=${FEED_TOKEN}"/>
            <outline text="Port" xmlUrl="http://127.0.0.1:8080/feed.xml"/>
            <outline text="No host" xmlUrl="https:///feed.xml"/>
            <outline text="Mail" xmlUrl="mailto:ada@example.org"/>
            <outline text="Empty folder"></outline>
            </body></opml>
            """
        let list = try OPMLReader.read(Data(opml.utf8), name: "test.opml")
        #expect(
            list.subscriptions.map(\.feedURL) == [
                "HTTPS://Upper.example/Feed", "https://t.example/feed?token=${FEED_TOKEN}",
                "http://127.0.0.1:8080/feed.xml",
            ])
        #expect(list.refused.map(\.line) == [5, 6])
        #expect(list.refused.map(\.reason) == ["has no host", "is not an http:// or https:// address"])
        #expect(list.notFeeds == [7])
    }
}
