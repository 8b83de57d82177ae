import Foundation
import Testing
import TributaryTesting

@testable import Tributary
import TributaryNetwork

/// A many-source digest's items, packed beyond the waiting threshold (5,000 feeds of 50
/// items make 250,000 items), read back as they were made. What they hold in memory is
/// a benchmark figure: `tributary-live-bench --item-memory` prints it beside its target.
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
