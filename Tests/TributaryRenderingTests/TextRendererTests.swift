import Foundation
import Testing
import Tributary
import TributaryRendering

/// The text digest's details: times in the reader's zone from the run's "now", counts
/// that read right, and the same bytes whether streamed or joined.
@Suite struct TextRendererTests {
    static let now = Date(timeIntervalSince1970: 1_795_320_000)  // 2026-11-22T04:00:00Z, the run clock's

    static func digest(published: [TimeInterval]) -> Digest {
        let items = published.enumerated().map { index, ago in
            FeedItem(
                id: "i\(index)", source: "feed", sourceType: "feed", kind: .article, title: "Item \(index)",
                url: URL(string: "https://example.com/\(index)"), published: now.addingTimeInterval(-ago))
        }
        let status = SourceStatus(
            id: "feed", type: "feed", state: .ok, message: nil, itemCount: items.count)
        return Digest(title: "Digest", generatedAt: now, sources: [status], items: items)
    }

    @Test func timesAreAgesForAWeekThenTheDayInTheReadersZone() throws {
        let tokyo = TerminalTime(timeZone: try #require(TimeZone(identifier: "Asia/Tokyo")))
        let text = TextRenderer(style: TerminalStyle(isEnabled: false), width: nil, time: tokyo)
            .render(Self.digest(published: [90, 3 * 3_600, 6 * 86_400, 8 * 86_400 + 5 * 3_600]))
        #expect(text.hasPrefix("Digest · 4 items from 1 source · 2026-11-22 13:00 "), "\(text)")
        #expect(text.contains("feed · 1 min ago\n"))
        #expect(text.contains("feed · 3 h ago\n"))
        #expect(text.contains("feed · 6 d ago\n"))
        #expect(
            text.contains("feed · 2026-11-14\n"),
            "8 days and 5 h ago is the 14th in Tokyo, the 13th in UTC")
    }

    @Test func countsReadRightInTextAndMarkdown() {
        let one = Self.digest(published: [60])
        #expect(
            TextRenderer(style: TerminalStyle(isEnabled: false)).render(one).contains(
                " · 1 item from 1 source · "))
        #expect(MarkdownRenderer().render(one).contains("_Generated 2026-11-22T04:00:00Z · 1 item_"))
    }

    @Test func anEmptyDigestSaysWhichFiltersEmptiedIt() {
        var emptied = Self.digest(published: [])
        emptied.narrowing = DigestNarrowing(filters: [#"--grep "actor""#, #"--tag "swift""#], removed: 3)
        let sentence = #"The filters removed 3 items: --grep "actor", --tag "swift"."#
        let text = TextRenderer(style: TerminalStyle(isEnabled: false)).render(emptied)
        #expect(text.contains("No items.\n" + sentence + "\n"), "\(text)")
        let markdown = MarkdownRenderer().render(emptied)
        #expect(markdown.contains("_No items._\n\nThe filters removed 3 items: --grep \"actor\", --tag \"swift\"."))
        let unfiltered = TextRenderer(style: TerminalStyle(isEnabled: false)).render(Self.digest(published: []))
        #expect(unfiltered.contains("No items.\n\n") && !unfiltered.contains("filters"))
    }

    @Test func streamedPiecesJoinToTheWholeAndComeInWindows() {
        let digest = Self.digest(published: (0..<10_000).map { TimeInterval($0 * 60) })
        for render in [
            { TextRenderer(style: TerminalStyle(isEnabled: false)).render(digest, to: $0) },
            { MarkdownRenderer().render(digest, to: $0) },
        ] as [(ByteSink) -> Void] {
            var pieces: [[UInt8]] = []
            render { pieces.append($0) }
            #expect(pieces.count > 3, "written a window at a time")
            #expect(pieces.map(\.count).max()! < pieces.map(\.count).reduce(0, +) / 2)
        }
        var joined: [UInt8] = []
        MarkdownRenderer().render(digest) { joined.append(contentsOf: $0) }
        #expect(String(decoding: joined, as: UTF8.self) == MarkdownRenderer().render(digest))
    }
}
