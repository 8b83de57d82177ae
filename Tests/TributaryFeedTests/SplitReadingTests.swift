import Foundation
import Testing
import Tributary
@testable import TributaryFeed
@testable import TributarySyndication
import TributaryTesting

/// A large file is read by two readers at once (`SecondHalfReader`); what it gives must
/// be exactly what one reader gives, whatever sits where the file is split.
@Suite struct SplitReadingTests {
    static let channel = """
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/" xmlns:dc="http://purl.org/dc/elements/1.1/">
        <channel xml:base="https://example.com/base/"><title>Split &amp; joined</title><link>https://example.com/</link>
        """

    static func rss(items: Int, between: String = "\n") -> String {
        let entries = (0..<items).map { index in
            """
            <item><title>Item \(index) &amp; café</title><link>posts/\(index)</link><guid>id-\(index)</guid>\
            <pubDate>Sat, \(index % 28 + 1) Nov 2026 10:00:00 +0100</pubDate><dc:creator>Author \(index)</dc:creator>\
            <category>c\(index % 7)</category><media:thumbnail url="img/\(index).jpg"/>\
            <description><![CDATA[<p>Body <b>\(index)</b>: an <item> in text, &amp; “quotes”</p>]]></description></item>
            """
        }
        return channel + entries.joined(separator: between) + "\n</channel></rss>\n"
    }

    static func atom(entries: Int) -> String {
        let body = (0..<entries).map { index in
            """
            <entry><title type="html">Entry \(index) &amp;lt;b&amp;gt;</title><id>urn:split:\(index)</id>\
            <link rel="alternate" href="entries/\(index)"/><updated>2026-11-\(index % 28 + 1)T08:00:00Z</updated>\
            <category term="t\(index % 5)"/><summary type="html">&lt;p&gt;Summary \(index)&lt;/p&gt;</summary></entry>
            """
        }
        return """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/" xml:base="https://example.org/feed/">
            <title>Atom split</title><author><name>Feed Author</name></author>
            """ + body.joined(separator: "\n") + "\n</feed>\n"
    }

    /// Large enough that the first reader's first batch ends in its first 1 MB chunk and
    /// some of the file is left for the second; no larger, as the suite runs under
    /// ThreadSanitizer too, beside tests that time deadlines.
    @Test(arguments: [("rss", rss(items: 4_000)), ("atom", atom(entries: 6_000))])
    func twoReadersGiveWhatOneGives(_ name: String, _ document: String) throws {
        let file = try temporaryFile(document, name: name)
        defer { try? FileManager.default.removeItem(at: file) }
        let split = try read(file, splitFrom: 1)
        let whole = try read(file, splitFrom: .max)
        #expect(split.items.count == (name == "rss" ? 4_000 : 6_000))
        #expect(split.items == whole.items)
        #expect(
            split.diagnostics.count == 1 && split.diagnostics[0].hasPrefix("read by two parsers"),
            "\(split.diagnostics)")
        #expect(whole.diagnostics.isEmpty)
        #expect(
            split.items.last?.url?.absoluteString.hasPrefix(
                name == "rss" ? "https://example.com/base/posts/" : "https://example.org/feed/entries/") == true)
    }

    /// Every gap between items holds a comment that spells an item's start tag where an
    /// entry could start (after a `>`), so the split point the second reader picks is
    /// inside a comment: the first reader must notice and read on alone.
    @Test func aSplitPointInsideACommentFallsBackToOneReader() throws {
        let document = Self.rss(items: 4_000, between: "\n<!-- a tag ends> <item> starts an entry -->\n")
        let file = try temporaryFile(document, name: "trap")
        defer { try? FileManager.default.removeItem(at: file) }
        let split = try read(file, splitFrom: 1)
        #expect(split.items == (try read(file, splitFrom: .max).items))
        let message = try #require(split.diagnostics.first)
        #expect(message.hasPrefix("read by one parser: byte "), "\(split.diagnostics)")
        let start = try #require(Int(message.dropFirst("read by one parser: byte ".count).prefix { $0.isNumber }))
        #expect(String(decoding: Array(document.utf8)[(start - 6)..<start], as: UTF8.self) == "ends> ")
    }

    @Test func theReaderKnowsWhetherItStandsBetweenEntries() throws {
        let document = Array(Self.rss(items: 3, between: "\n<!-- <item> -->\n").utf8)
        let starts = document.indices.filter { document[$0...].starts(with: Array("<item>".utf8)) }
        // Item starts, then the tag in the CDATA of item 0, in the comment, and so on.
        let real = starts.filter { index in
            !document[..<index].suffix(5).elementsEqual("<!-- ".utf8)
                && !document[..<index].suffix(4).elementsEqual(" an ".utf8)
        }
        let inComment = try #require(starts.first { document[..<$0].suffix(5).elementsEqual("<!-- ".utf8) })
        let inCDATA = try #require(starts.first { document[..<$0].suffix(4).elementsEqual(" an ".utf8) })
        let secondItem = try #require(real.dropFirst().first)
        #expect(endsBetweenEntries(document, at: secondItem))
        #expect(!endsBetweenEntries(document, at: inComment))
        #expect(!endsBetweenEntries(document, at: inCDATA))
    }

    private func endsBetweenEntries(_ document: [UInt8], at offset: Int) -> Bool {
        let reader = unsafe FeedXMLReader(documentURL: "https://example.com/feed", limit: nil, batchSize: 1) { _, _ in }
        unsafe try? reader.begin()
        _ = unsafe document[..<offset].withUnsafeBytes(reader.read)
        return unsafe reader.endBetweenEntries()
    }

    private func read(_ file: URL, splitFrom: Int) throws -> SourceUpdate {
        try FeedReading.read(FeedFile(url: file), documentURL: file, limit: nil, splitFrom: splitFrom)
    }

    private func temporaryFile(_ text: String, name: String) throws -> URL {
        let url = Scratch.folder.appendingPathComponent(
            "tributary-split-\(name)-\(UUID().uuidString).xml")
        try Data(text.utf8).write(to: url)
        return url
    }
}
