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
        try await ArticleLines.digest(
            sources: sources, perSource: Self.perSource, transport: CurlTransport(userAgent: "test"))
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
