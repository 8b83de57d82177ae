import Foundation
import CMalloc
import Testing
import Tributary
import TributaryTesting

/// A source whose items look like a web feed's (title, page, author, a paragraph of
/// summary, thumbnail, two tags), one per line of the local server's body.
struct ArticleLinesSource: SingleRequestSource {
    static let type = "articles"
    static let summary = "one feed-like item per line of a text body, for memory tests"
    static let options: [OptionSpec] = []

    let entry: SourceEntry

    init(entry: SourceEntry) throws { self.entry = entry }

    func request() throws -> HTTPRequest {
        HTTPRequest(url: entry.baseURL(default: "http://127.0.0.1:9").appendingPathComponent(entry.id))
    }

    func update(from response: HTTPResponse) throws -> SourceUpdate {
        try response.requireSuccess()
        let lines = String(decoding: response.body, as: UTF8.self).split(separator: "\n")
        return SourceUpdate(items: lines.map { Self.item(String($0), in: entry.id) })
    }

    static func item(_ line: String, in feed: String) -> FeedItem {
        FeedItem(
            id: "\(feed)-\(line)", source: "", sourceType: type, kind: .article,
            title: "Swift & café #\(line) in \(feed)",
            url: URL(string: "https://example.com/\(feed)/posts/\(line)"), author: "Author \(line) Ørsted",
            published: Date(timeIntervalSince1970: 1_795_300_000),
            summary: String(repeating: "Lorem ipsum. ", count: 16),
            thumbnail: URL(string: "https://img.example.com/\(feed)/\(line).jpg"), tags: ["swift", "feeds & more"])
    }
}

/// What a many-source digest's items cost in memory while the run keeps them: 5,000
/// feeds of 50 items made 250,000 items, and each took about 0.9 KB loose.
@Suite(.serialized) struct ItemMemoryTests {
    static let perSource = 10_000

    func digest(sources: Int) async throws -> Digest {
        let body = (1...Self.perSource).map(String.init).joined(separator: "\n")
        let server = try await LocalHTTPServer.start { _ in .text(body) }
        let registry = SourceRegistry([SourceType(ArticleLinesSource.self)])
        let entries = (0..<sources).map { #"{"id": "s\#($0)", "type": "articles", "baseURL": "\#(server.baseURL)"}"# }
        let json = #"{"limit": 0, "sources": [\#(entries.joined(separator: ","))]}"#
        let config = try ConfigLoader(registry: registry, environment: [:]).load(Data(json.utf8))
        let pipeline = DigestPipeline(
            config: config, registry: registry,
            http: HTTPClient(transport: CurlTransport(userAgent: "test"), timeout: .seconds(10)),
            reducer: DigestReducer(config: config))
        let digest = try await pipeline.run()
        await server.shutdown()
        return digest
    }

    /// Bytes malloc has handed out and not taken back, over every arena.
    func bytesInUse() -> Int { Int(mallinfo2().uordblks) }

    @Test func itemsWaitingForOtherSourcesTakeUnder600BytesEach() async throws {
        var digest: Digest? = try await digest(sources: 2)
        #expect(digest?.items.count == 2 * Self.perSource)
        let held = bytesInUse()
        digest = nil
        let perItem = (held - bytesInUse()) / (2 * Self.perSource)
        #expect(perItem < 600, "each kept item takes \(perItem) bytes")
    }

    @Test func packedItemsReadBackAndRenderAsTheyWereMade() async throws {
        let items = try await digest(sources: 2).items
        let expected = ArticleLinesSource.item("7", in: "s1")
        let item = try #require(items.first { $0.id == "s1:s1-7" })
        #expect(item.title == expected.title && item.author == expected.author)
        #expect(item.summary == expected.summary?.trimmingCharacters(in: .whitespaces), "sanitised: trimmed")
        #expect(item.url == expected.url && item.thumbnail == expected.thumbnail && item.tags == expected.tags)
        #expect(item.source == "s1" && item.sourceType == "articles" && item.published == expected.published)
        let json = try JSONEncoder().encode(item)
        #expect(try JSONDecoder().decode(FeedItem.self, from: json) == item)
    }
}
