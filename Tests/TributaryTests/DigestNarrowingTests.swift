import Foundation
import Testing
import Tributary

/// A digest knows which filters narrowed it and how many items they removed, so that an
/// empty report can say why.
@Suite struct DigestNarrowingTests {
    @Test func theDigestSaysWhichFiltersRemovedHowManyItems() {
        let config = FeedsConfig(limit: 1, include: ["swift"], exclude: ["crypto"])
        let digest = DigestReducer(config: config, grep: ["item"]).reduce(
            DigestReducerTests().states, generatedAt: Date())
        #expect(digest.narrowing.filters == [#"--grep "item""#, #"include "swift""#, #"exclude "crypto""#])
        #expect(digest.narrowing.removed == 2, "a:2 and b:4; the limit is not a filter")
        let unfiltered = DigestReducer(title: "t", sort: .newest, limit: nil, filter: KeywordFilter()).reduce(
            DigestReducerTests().states, generatedAt: Date())
        #expect(unfiltered.narrowing == DigestNarrowing())
    }

    @Test func theStateFiltersAddThemselvesAndWhatTheyRemoved() {
        var digest = DigestReducer(title: "t", sort: .newest, limit: nil, filter: KeywordFilter(required: ["item"]))
            .reduce(DigestReducerTests().states, generatedAt: Date())
        digest.memory = DigestMemory(digest.items) { item in
            ItemMemory(firstSeen: Date(), isNew: item.id == "a:1", isRead: false)
        }
        let narrowed = MemoryFilter(onlyNew: true).apply(to: digest)
        #expect(narrowed.narrowing.filters == [#"--grep "item""#, "--new"])
        #expect(narrowed.narrowing.removed == 2, "b:4 by --grep, a:2 by --new")
    }
}
