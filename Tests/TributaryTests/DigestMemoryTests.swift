import Foundation
import Testing
import Tributary

/// What the store remembers is read by each item's position while the items keep the
/// order it was made for, and by the item's id hash once they have moved.
@Suite struct DigestMemoryTests {
    static let seen = Date(timeIntervalSince1970: 1_800_000_000)

    /// A reduced digest whose items are new when their id says so.
    static func remembered() -> Digest {
        let items = (0..<6).map { index in
            DigestReducerTests.item(
                "\(index)", source: "a", url: "https://example.com/\(index)", hoursAgo: Double(index))
        }
        var digest = DigestReducer(title: "t", sort: .newest, limit: nil, filter: KeywordFilter()).reduce(
            [DigestReducerTests.state("a", items)], generatedAt: seen)
        digest.memory = DigestMemory(digest.items) { item in
            ItemMemory(firstSeen: seen, isNew: item.id.hasSuffix("1") || item.id.hasSuffix("4"), isRead: false)
        }
        return digest
    }

    static func newIDs(_ digest: Digest) -> [String] {
        digest.items.indices.filter { digest.remembered(at: $0)?.isNew == true }.map { digest.items[$0].id }
    }

    @Test func eachItemIsReadAtItsPosition() {
        let digest = Self.remembered()
        #expect(Self.newIDs(digest) == ["a:1", "a:4"])
        #expect(digest.newItemCount == 2)
    }

    @Test func itemsThatMovedAreStillFoundByTheirIDs() {
        var digest = Self.remembered()
        digest.items.reverse()
        #expect(digest.itemKeys == nil)
        #expect(Self.newIDs(digest) == ["a:4", "a:1"])
        #expect(digest.items.allSatisfy { digest.memory?[$0]?.firstSeen == Self.seen })
    }

    @Test func theStateFiltersNarrowTheMemoryWithTheItems() {
        let digest = Self.remembered()
        let narrowed = MemoryFilter(onlyNew: true).apply(to: digest)
        #expect(narrowed.items.map(\.id) == ["a:1", "a:4"])
        #expect(narrowed.itemKeys == digest.itemKeys.map { keys in [1, 4].map { keys[$0] } })
        #expect(Self.newIDs(narrowed) == ["a:1", "a:4"])
    }

    @Test func aDigestWithoutAStoreRemembersNothing() {
        var digest = Self.remembered()
        digest.memory = nil
        #expect(digest.remembered(at: 0) == nil)
        #expect(digest.newItemCount == nil)
    }
}
