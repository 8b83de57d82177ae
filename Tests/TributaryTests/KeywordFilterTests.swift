import Foundation
import Testing

@testable import Tributary

/// Keywords are found wherever they occur in an item's title, summary, author or tags, whichever
/// way (bytes or Foundation) the filter searches for them.
@Suite struct KeywordFilterTests {
    static func item(title: String, summary: String? = nil, author: String? = nil, tags: [String] = []) -> FeedItem {
        FeedItem(
            id: "s:1", source: "s", sourceType: "test", kind: .article, title: title, author: author,
            summary: summary, tags: tags)
    }

    @Test func asciiKeywordsAreFoundAtEveryPlace() {
        let excluding = { (keyword: String) in KeywordFilter(exclude: [keyword]) }
        #expect(!excluding("giveaway").matches(Self.item(title: "Giveaway")), "the whole title")
        #expect(!excluding("away").matches(Self.item(title: "Crypto giveaway")), "at the very end")
        #expect(!excluding("aab").matches(Self.item(title: "aaab")), "after a false start that overlaps")
        #expect(!excluding("swift 6").matches(Self.item(title: "Café — naïve", summary: "Swift 6 ships")))
        #expect(!excluding("ios").matches(Self.item(title: "t", tags: ["swift", "iOS"])), "in a tag")
        #expect(!excluding("SWIFT").matches(Self.item(title: "Ünïcödé before Swift")), "either case, after non-ASCII")
        #expect(excluding("giveaways").matches(Self.item(title: "Crypto giveaway")), "longer than what is there")
    }

    @Test func otherKeywordsMatchComposedAndDecomposedAccents() {
        let composed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        #expect(!KeywordFilter(exclude: [composed]).matches(Self.item(title: "Le " + decomposed.uppercased())))
        #expect(!KeywordFilter(exclude: [decomposed]).matches(Self.item(title: "Le " + composed)))
        #expect(KeywordFilter(required: ["\u{E9}t\u{E9}"]).matches(Self.item(title: "Un \u{C9}T\u{C9} chaud")))
        #expect(!KeywordFilter(required: ["\u{E9}t\u{E9}"]).matches(Self.item(title: "Un hiver")))
        let mixed = KeywordFilter(include: ["\u{C9}T\u{C9}", "winter"])
        #expect(mixed.matches(Self.item(title: "WINTER")) && mixed.matches(Self.item(title: "l'\u{E9}t\u{E9}")))
    }

    @Test func includeExcludeAndRequiredCombine() {
        let filter = KeywordFilter(include: ["swift", "rust"], exclude: ["giveaway"], required: ["release"])
        #expect(filter.matches(Self.item(title: "Swift 6.3 release notes")))
        #expect(!filter.matches(Self.item(title: "Swift 6.3 notes")), "a required keyword is missing")
        #expect(!filter.matches(Self.item(title: "Go release")), "no included keyword")
        #expect(!filter.matches(Self.item(title: "Rust release giveaway")), "an excluded keyword")
        #expect(filter.include == ["swift", "rust"] && filter.exclude == ["giveaway"])
    }

    @Test func grepFindsTheAuthorAsThePageSearchDoes() {
        let byAuthor = KeywordFilter(required: ["lattner"])
        #expect(byAuthor.matches(Self.item(title: "Mojo news", author: "Chris Lattner")))
        #expect(!byAuthor.matches(Self.item(title: "Mojo news", author: "Someone Else")))
        #expect(!KeywordFilter(exclude: ["sponsor"]).matches(Self.item(title: "t", author: "Sponsored")))
    }

    @Test func tagsKeepItemsCarryingAnyOfThemInAnyCase() {
        let tagged = KeywordFilter(tags: ["Swift", "rust"])
        #expect(tagged.matches(Self.item(title: "a", tags: ["swift"])))
        #expect(tagged.matches(Self.item(title: "b", tags: ["go", "RUST"])))
        #expect(!tagged.matches(Self.item(title: "swift in the title only", tags: ["go"])), "a tag, not a word")
        #expect(!tagged.matches(Self.item(title: "c")))
        #expect(!KeywordFilter(required: ["release"], tags: ["swift"]).matches(Self.item(title: "x", tags: ["swift"])))
    }
}
