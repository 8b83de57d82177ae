import Foundation
import CMalloc
import Testing
import TributaryTesting

@testable import Tributary

/// Items that look like a web feed's (title, page, author, a paragraph of summary,
/// thumbnail, two tags), one per line of the local server's body.
enum ArticleLines: LineItems {
    static let type = "articles"

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
    /// Two sources' items are all the run keeps loose; a third's are packed.
    static let perSource = WaitingItems.packingThreshold / 2

    func digest(sources: Int) async throws -> Digest {
        let body = (1...Self.perSource).map(String.init).joined(separator: "\n")
        let server = try await LocalHTTPServer.start { _ in .text(body) }
        let registry = SourceRegistry([SourceType(LinesSource<ArticleLines>.self)])
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
    static func bytesInUse() -> Int { Int(mallinfo2().uordblks) }

    /// Whether malloc's counters see allocations: not under ThreadSanitizer, whose own
    /// allocator leaves glibc's `mallinfo2` at zero (64 KB: under the threshold where
    /// malloc maps a block of its own, which `uordblks` does not count).
    static let mallocCounts: Bool = {
        let before = bytesInUse()
        let block = UnsafeMutableRawPointer.allocate(byteCount: 1 << 16, alignment: 16)
        defer { block.deallocate() }
        return bytesInUse() - before >= 1 << 16
    }()

    /// Bytes a many-source digest's items hold, counted as they are let go.
    func bytesHeld(sources: Int) async throws -> Int {
        var digest: Digest? = try await digest(sources: sources)
        #expect(digest?.items.count == sources * Self.perSource)
        let held = Self.bytesInUse()
        digest = nil
        return held - Self.bytesInUse()
    }

    @Test(.enabled(if: mallocCounts, "malloc's counters are blind under ThreadSanitizer"))
    func itemsBeyondTheWaitingThresholdTakeUnder500BytesEach() async throws {
        let loose = try await bytesHeld(sources: 2)  // up to the threshold: loose
        let more = try await bytesHeld(sources: 6)  // twice as many more, packed
        let perPackedItem = (more - loose) / (4 * Self.perSource)
        #expect(perPackedItem < 500, "each packed item takes \(perPackedItem) bytes")
        #expect(loose / (2 * Self.perSource) > 800, "a loose item takes about 1 KB")
    }

    @Test func packedItemsReadBackAndRenderAsTheyWereMade() async throws {
        let items = try await digest(sources: 4).items
        for source in ["s0", "s1", "s2", "s3"] {  // two of them were packed
            let expected = ArticleLines.item("7", in: source)
            let item = try #require(items.first { $0.id == "\(source):\(source)-7" })
            #expect(item.title == expected.title && item.author == expected.author)
            #expect(item.summary == expected.summary?.trimmingCharacters(in: .whitespaces), "sanitised: trimmed")
            #expect(item.url == expected.url && item.thumbnail == expected.thumbnail && item.tags == expected.tags)
            #expect(item.source == source && item.sourceType == "articles" && item.published == expected.published)
            let json = try JSONEncoder().encode(item)
            #expect(try JSONDecoder().decode(FeedItem.self, from: json) == item)
        }
    }
}
