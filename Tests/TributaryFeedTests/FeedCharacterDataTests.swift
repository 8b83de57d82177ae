import Foundation
import Testing
import Tributary
import TributaryTesting

/// Windows-1252 in the C1 range, double-encoded UTF-8 and where the encoding comes from (issue 20).
@Suite struct FeedCharacterDataTests {
    @Test func c1ReferencesReadAsWindows1252() async throws {
        let (items, _) = try await served("character-data/feed.xml")
        #expect(items[0].title == "It’s “quoted” – …")
        #expect(items[0].summary == "Escaped ‘twice’ €5")
    }

    @Test func c1BytesInALatin1Feed() async throws {
        let (items, _) = try await served(
            "character-data/windows-1252-declared-latin1.xml", contentType: "application/rss+xml")
        #expect(items.first?.title == "It’s “quoted” – café €")
    }

    @Test func doubleEncodedUTF8IsRepaired() async throws {
        let (items, _) = try await served("character-data/feed.xml")
        #expect(items[1].title == "Café crème – déjà vu")
        #expect(items[1].summary == "Été à Österreich ’24")
        #expect(items[1].author == "François")
    }

    @Test func textThatOnlyLooksDoubleEncodedIsKept() async throws {
        let (items, _) = try await served("character-data/feed.xml")
        #expect(items[2].title == "SÃO PAULO: Ã© legit?")
        #expect(items[2].summary == "Ã alone, and Â± as written")
        #expect(items[2].tags == ["SÃO PAULO"])
    }

    @Test func doubleEncodedTagsAreRepaired() async throws {
        let (items, _) = try await served("character-data/feed.xml")
        #expect(items[1].tags == ["Café crème"])
    }

    /// The same rule in a JSON Feed: titles, text, tags, and the feed's author its items inherit.
    @Test func doubleEncodedJSONFeedTextIsRepaired() async throws {
        let (items, _) = try await served("character-data/double-encoded.json", contentType: "application/feed+json")
        #expect(items.map(\.title) == ["It’s déjà vu", "Second"])
        #expect(items[0].summary == "Été à Österreich")
        #expect(items[0].tags == ["café", "SÃO PAULO"])
        #expect(items.map(\.author) == ["François", "José"])
    }

    /// Every label the WHATWG Encoding Standard gives windows-1252 (its label table), in the
    /// case a feed might write it.
    static let windows1252Labels = [
        "ANSI_X3.4-1968", "ascii", "cp1252", "CP819", "csISOLatin1", "IBM819", "ISO-8859-1", "iso-ir-100", "iso8859-1",
        "iso88591", "ISO_8859-1", "ISO_8859-1:1987", "l1", "latin1", "US-ASCII", "windows-1252", "x-cp1252",
    ]

    /// `’`, `€` and `“…”` as Windows-1252 bytes 0x80–0x9F, in a feed labelled `encoding`.
    static func windows1252Document(declaring encoding: String?) -> Data {
        let declaration = encoding.map { #"<?xml version="1.0" encoding="\#($0)"?>"# } ?? #"<?xml version="1.0"?>"#
        var bytes = Array(declaration.utf8)
        bytes += Array("<rss version=\"2.0\"><channel><title>c</title><item><guid>e1</guid><title>".utf8)
        bytes += [0x49, 0x74, 0x92, 0x73, 0x20, 0x80, 0x35, 0x20, 0x93, 0x71, 0x94]
        bytes += Array("</title></item></channel></rss>".utf8)
        return Data(bytes)
    }

    @Test(arguments: windows1252Labels)
    func everyWindows1252LabelReadsBytes0x80To0x9F(label: String) async throws {
        let update = try await update(serving: Self.windows1252Document(declaring: label))
        #expect(update.items.first?.title == "It’s €5 “q”", "declared \(label)")
    }

    @Test(arguments: ["iso88591", "CP819", "x-cp1252"])
    func windows1252LabelsAsTheHTTPCharset(label: String) async throws {
        let update = try await update(
            serving: Self.windows1252Document(declaring: nil), contentType: "application/xml; charset=\(label)")
        #expect(update.items.first?.title == "It’s €5 “q”", "charset \(label)")
    }

    /// "Привет" in Windows-1251, and the same document's parts around it.
    static let cyrillic: [UInt8] = [0xCF, 0xF0, 0xE8, 0xE2, 0xE5, 0xF2]

    static func document(declaration: String, mark: Bool = false) -> Data {
        var bytes: [UInt8] = mark ? [0xEF, 0xBB, 0xBF] : []
        bytes += Array(declaration.utf8)
        bytes += Array("<rss version=\"2.0\"><channel><title>c</title><item><guid>e1</guid><title>".utf8)
        bytes += mark ? Array("Привет".utf8) : cyrillic
        bytes += Array("</title></item></channel></rss>".utf8)
        return Data(bytes)
    }

    @Test func httpCharsetAppliesWhenTheDocumentDeclaresNone() async throws {
        let update = try await update(
            serving: Self.document(declaration: #"<?xml version="1.0"?>"#),
            contentType: "text/xml; charset=windows-1251")
        #expect(update.items.first?.title == "Привет")
    }

    @Test func declarationWinsOverHTTPCharset() async throws {
        let update = try await update(
            serving: Self.document(declaration: #"<?xml version="1.0" encoding="windows-1251"?>"#),
            contentType: "application/xml; charset=utf-8")
        #expect(update.items.first?.title == "Привет")
    }

    @Test func byteOrderMarkWinsOverDeclarationAndCharset() async throws {
        let update = try await update(
            serving: Self.document(declaration: #"<?xml version="1.0" encoding="windows-1251"?>"#, mark: true),
            contentType: "application/xml; charset=iso-8859-5")
        #expect(update.items.first?.title == "Привет")
    }
}
