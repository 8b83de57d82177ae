import Foundation
import Testing
import Tributary
@testable import TributaryFeed
@testable import TributarySyndication
import TributaryTesting

/// Feeds in UTF-16 and UTF-32, found as XML 1.0 Appendix F says: by the byte-order mark,
/// else by the bytes `<?xml` (or JSON's `{`) makes in each encoding.
@Suite struct FeedEncodingTests {
    struct Encoding: CustomTestStringConvertible, Sendable {
        let name: String
        let bom: [UInt8]
        let swiftEncoding: String.Encoding
        var testDescription: String { name }

        func bytes(_ text: String, withBOM: Bool = true) -> Data {
            Data(withBOM ? bom : []) + text.data(using: swiftEncoding)!
        }
    }

    static let wide: [Encoding] = [
        Encoding(name: "UTF-16LE", bom: [0xFF, 0xFE], swiftEncoding: .utf16LittleEndian),
        Encoding(name: "UTF-16BE", bom: [0xFE, 0xFF], swiftEncoding: .utf16BigEndian),
        Encoding(name: "UTF-32LE", bom: [0xFF, 0xFE, 0x00, 0x00], swiftEncoding: .utf32LittleEndian),
        Encoding(name: "UTF-32BE", bom: [0x00, 0x00, 0xFE, 0xFF], swiftEncoding: .utf32BigEndian),
    ]

    static func rss(declaring encoding: String) -> String {
        """
        <?xml version="1.0" encoding="\(encoding)"?>
        <rss version="2.0"><channel><title>Wide</title>
        <item><title>Café &amp; crème — ✓ 😀 &nbsp;AT&T</title><guid>w1</guid>
        <description>Dune, sand</description></item>
        </channel></rss>
        """
    }

    static let jsonFeed = #"""
        {"version": "https://jsonfeed.org/version/1.1", "title": "Wide",
         "items": [{"id": "j1", "title": "Café 😀", "content_text": "crème"}]}
        """#

    static func expectWideItem(_ items: [FeedItem]) {
        #expect(items.map(\.id) == ["w1"])
        #expect(items.first?.title == "Café & crème — ✓ 😀 AT&T")
        #expect(items.first?.summary == "Dune, sand")
    }

    @Test(arguments: wide)
    func xmlWithAByteOrderMark(_ encoding: Encoding) async throws {
        let update = try await update(serving: encoding.bytes(Self.rss(declaring: encoding.name)))
        Self.expectWideItem(update.items)
        let expected = "read as \(encoding.name) (byte-order mark), converted to UTF-8"
        #expect(update.diagnostics.contains(expected), "\(update.diagnostics)")
    }

    @Test(arguments: wide)
    func xmlWithoutAByteOrderMark(_ encoding: Encoding) async throws {
        let update = try await update(serving: encoding.bytes(Self.rss(declaring: encoding.name), withBOM: false))
        Self.expectWideItem(update.items)
        let expected = "read as \(encoding.name) (no byte-order mark), converted to UTF-8"
        #expect(update.diagnostics.contains(expected), "\(update.diagnostics)")
    }

    @Test func xmlWithAUTF8ByteOrderMark() async throws {
        let update = try await update(serving: Data([0xEF, 0xBB, 0xBF]) + Data(Self.rss(declaring: "UTF-8").utf8))
        Self.expectWideItem(update.items)
    }

    @Test(arguments: wide)
    func jsonFeedWithAByteOrderMark(_ encoding: Encoding) async throws {
        let update = try await update(serving: encoding.bytes(Self.jsonFeed), contentType: "application/feed+json")
        #expect(update.items.map(\.id) == ["j1"])
        #expect(update.items.first?.title == "Café 😀")
        #expect(update.items.first?.summary == "crème")
    }

    /// A `file://` feed is converted as it is read, in 1 MB chunks: characters (and
    /// surrogate pairs) split across chunks come out whole.
    @Test(arguments: [wide[0], wide[3]])
    func largeFileReadInChunks(_ encoding: Encoding) async throws {
        let entry = "<item><title>Café 😀 №%d</title><guid>g%d</guid></item>\n"
        let entries = (0..<12_000).map { String(format: entry, $0, $0) }.joined()
        let document =
            "<?xml version=\"1.0\" encoding=\"\(encoding.name)\"?>\n<rss><channel><title>Big</title>\n"
            + entries + "</channel></rss>\n"
        let file = Scratch.folder.appendingPathComponent("wide-\(UUID().uuidString).xml")
        try encoding.bytes(document).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(encoding.bytes(document).count > 1 << 20, "spans more than one chunk")
        let items = try await feedHarness.items(#"{"id": "f", "type": "feed", "url": "\#(file.absoluteString)"}"#)
        #expect(items.count == 12_000)
        #expect(items.allSatisfy { $0.title == "Café 😀 №" + $0.id.dropFirst() }, "\(items.prefix(2).map(\.title))")
    }

    /// Code units that are no character (a lone surrogate, a value past U+10FFFF) read as
    /// U+FFFD, and the rest of the feed is read.
    @Test func invalidCodeUnitsBecomeReplacementCharacters() async throws {
        var body = Data([0xFF, 0xFE]) + #"<rss><channel><item><title>a"#.data(using: .utf16LittleEndian)!
        body += Data([0x3D, 0xD8])  // a high surrogate with no low one after it
        body += #"b</title><guid>x</guid></item></channel></rss>"#.data(using: .utf16LittleEndian)!
        #expect(try await update(serving: body).items.first?.title == "a\u{FFFD}b")
        var wide = Data([0x00, 0x00, 0xFE, 0xFF]) + #"<rss><channel><item><title>a"#.data(using: .utf32BigEndian)!
        wide += Data([0x00, 0x11, 0x00, 0x00])
        wide += #"b</title><guid>x</guid></item></channel></rss>"#.data(using: .utf32BigEndian)!
        #expect(try await update(serving: wide).items.first?.title == "a\u{FFFD}b")
    }
}
