import Foundation
import Testing
import Tributary
import TributaryTesting
@testable import TributaryFeed
@testable import TributarySyndication
import TributaryBytes

/// What `Fixtures/corpus/expectations.json` says about one corpus file. Links starting
/// with `/` are relative to the local server the file is served from.
struct CorpusExpectation: Decodable, Sendable, CustomTestStringConvertible {
    var file: String
    var kind: String
    var count: Int
    var title: String
    var link: String
    var author: String?
    var published: String?
    /// Every item's title, in order, where the file tests titles.
    var titles: [String]?
    /// Every item's link, in order.
    var links: [String]?
    /// Every item's published date, in order.
    var dates: [String]?
    /// The first item's summary.
    var summary: String?
    /// Each item's first enclosure, as `url type length duration` (`-` for unknown).
    var enclosures: [String]?

    var testDescription: String { file }

    static let all: [CorpusExpectation] = {
        let data = Fixture.data("corpus/expectations.json", in: .module)
        return try! JSONDecoder().decode([CorpusExpectation].self, from: data)
    }()

    var contentType: String {
        if file.hasSuffix(".json") { return "application/feed+json" }
        if file.hasSuffix(".rdf") { return "application/rdf+xml" }
        return file.contains("atom") ? "application/atom+xml" : "application/rss+xml"
    }
}

/// Real-world feed shapes (WordPress, Blogger, Medium, YouTube, podcasts, arXiv, JSON Feed…)
/// and their usual malformations, each read through the `feed` source over HTTP.
@Suite struct CorpusTests {
    @Test(arguments: CorpusExpectation.all)
    func corpusFile(_ expected: CorpusExpectation) async throws {
        let (items, server) = try await served("corpus/\(expected.file)", contentType: expected.contentType)
        let absolute = { (link: String) in link.hasPrefix("/") ? "\(server.baseURL)\(link)" : link }

        #expect(items.count == expected.count)
        let first = try #require(items.first)
        #expect(first.kind.rawValue == expected.kind)
        #expect(first.title == expected.title)
        #expect(first.url?.absoluteString == absolute(expected.link))
        #expect(first.author == expected.author)
        if let published = expected.published {
            let date = try #require(first.published, "no date read")
            #expect(abs(date.timeIntervalSince(utc(published))) < 1, "\(date) is not \(published)")
        } else {
            #expect(first.published == nil)
        }
        if let titles = expected.titles { #expect(items.map(\.title) == titles) }
        if let links = expected.links { #expect(items.map { $0.url?.absoluteString } == links.map(absolute)) }
        if let dates = expected.dates {
            let read = items.map { $0.published.map { Int($0.timeIntervalSince1970) } }
            #expect(read == dates.map { Int(utc($0).timeIntervalSince1970) })
        }
        if let summary = expected.summary { #expect(first.summary == summary) }
        if let enclosures = expected.enclosures {
            let read = items.map { item in
                item.enclosures.first.map { enclosure in
                    [
                        enclosure.urlString, enclosure.mimeType ?? "-", enclosure.length.map(String.init) ?? "-",
                        enclosure.duration.map(String.init) ?? "-",
                    ].joined(separator: " ")
                }
            }
            #expect(read == enclosures)
        }

        for item in items {
            #expect(!item.title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "empty title: \(item.id)")
            for url in [item.url, item.thumbnail, item.image].compactMap({ $0 }) + item.enclosures.map(\.url) {
                #expect(
                    ["http", "https"].contains(url.scheme ?? "") && url.host != nil,
                    "not an absolute http(s) URL: \(url)")
            }
            for text in [item.id, item.title, item.author, item.summary].compactMap({ $0 }) + item.tags {
                #expect(!containsControlCharacter(text), "control character in \(text.debugDescription)")
                #expect(!text.contains("\u{FFFD}"), "replacement character in \(text.debugDescription)")
            }
        }
    }

    @Test func everyCorpusFileHasExpectations() throws {
        let folder = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/corpus")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0 != "expectations.json"
        }
        #expect(Set(files) == Set(CorpusExpectation.all.map(\.file)))
        #expect(files.count >= 25)
    }

    private func containsControlCharacter(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" }
    }
}

/// The byte repair gives the same bytes however the document is split into chunks
/// (a UTF-8 sequence, `<![CDATA[` or `&amp;` cut in two by a 1 MB file read).
@Suite struct FeedByteRepairTests {
    @Test(arguments: CorpusExpectation.all.map(\.file).filter { !$0.hasSuffix(".json") })
    func chunkingDoesNotChangeTheOutput(_ file: String) {
        let data = Fixture.data("corpus/\(file)", in: .module)
        #expect(repaired(data, chunk: 7) == repaired(data, chunk: data.count))
        #expect(repaired(data, chunk: 1) == repaired(data, chunk: data.count))
    }

    @Test func repairsEncodingsAndAmpersands() {
        let document =
            "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><t>\u{93}Caf\u{E9}\u{94} &amp; AT&T &pound; &#233; "
            + "<![CDATA[a&b]]></t>"
        let latin1 = Data(document.unicodeScalars.map { UInt8($0.value) })
        let text = String(decoding: repaired(latin1, chunk: 5), as: UTF8.self)
        #expect(text.hasSuffix("<t>“Café” &amp; AT&amp;T &amp;pound; &#233; <![CDATA[a&b]]></t>"))
        let utf16 = Data([0xFF, 0xFE, 0x3C, 0x00, 0x26, 0x00])
        #expect(repaired(utf16, chunk: 3) == Array(utf16))
    }

    private func repaired(_ data: Data, chunk: Int) -> [UInt8] {
        var repair = FeedByteRepair()
        var output: [UInt8] = []
        let bytes = Array(data)
        var start = 0
        while start < bytes.count {
            let end = min(start + chunk, bytes.count)
            unsafe bytes[start..<end].withUnsafeBytes {
                unsafe repair.repair($0, final: false) { unsafe output.append(contentsOf: $0) }
            }
            start = end
        }
        unsafe repair.repair(UnsafeRawBufferPointer(start: nil, count: 0), final: true) {
            unsafe output.append(contentsOf: $0)
        }
        return output
    }
}
