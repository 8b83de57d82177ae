import Foundation
import Testing

@testable import Tributary

/// Keywords are found wherever they occur in an item's title, summary, author or tags, whichever
/// way (bytes or Foundation) they are searched for: by `--grep` (`KeywordFilter`) and by the
/// rules feeds.json's `include` and `exclude` stand for (`KeywordRules`).
@Suite struct KeywordFilterTests {
    /// Whether the rules of a feeds.json with these `include` and `exclude` keep an item.
    static func keeps(include: [String] = [], exclude: [String] = []) -> (FeedItem) -> Bool {
        let book = RuleBook(FeedsConfig(include: include, exclude: exclude))
        return { !book.verdict(for: $0, now: Date()).isDropped }
    }

    static func item(title: String, summary: String? = nil, author: String? = nil, tags: [String] = []) -> FeedItem {
        FeedItem(
            id: "s:1", source: "s", sourceType: "test", kind: .article, title: title, author: author,
            summary: summary, tags: tags)
    }

    @Test func asciiKeywordsAreFoundAtEveryPlace() {
        let excluding = { (keyword: String) in Self.keeps(exclude: [keyword]) }
        #expect(!excluding("giveaway")(Self.item(title: "Giveaway")), "the whole title")
        #expect(!excluding("away")(Self.item(title: "Crypto giveaway")), "at the very end")
        #expect(!excluding("aab")(Self.item(title: "aaab")), "after a false start that overlaps")
        #expect(!excluding("swift 6")(Self.item(title: "Café — naïve", summary: "Swift 6 ships")))
        #expect(!excluding("ios")(Self.item(title: "t", tags: ["swift", "iOS"])), "in a tag")
        #expect(!excluding("SWIFT")(Self.item(title: "Ünïcödé before Swift")), "either case, after non-ASCII")
        #expect(excluding("giveaways")(Self.item(title: "Crypto giveaway")), "longer than what is there")
    }

    @Test func otherKeywordsMatchComposedAndDecomposedAccents() {
        let composed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        #expect(!Self.keeps(exclude: [composed])(Self.item(title: "Le " + decomposed.uppercased())))
        #expect(!Self.keeps(exclude: [decomposed])(Self.item(title: "Le " + composed)))
        #expect(KeywordFilter(required: ["\u{E9}t\u{E9}"]).matches(Self.item(title: "Un \u{C9}T\u{C9} chaud")))
        #expect(!KeywordFilter(required: ["\u{E9}t\u{E9}"]).matches(Self.item(title: "Un hiver")))
        let mixed = Self.keeps(include: ["\u{C9}T\u{C9}", "winter"])
        #expect(mixed(Self.item(title: "WINTER")) && mixed(Self.item(title: "l'\u{E9}t\u{E9}")))
        #expect(!mixed(Self.item(title: "spring")))
    }

    @Test func includeExcludeAndRequiredCombine() {
        let reducer = DigestReducer(
            config: FeedsConfig(limit: nil, include: ["swift", "rust"], exclude: ["giveaway"]), grep: ["release"])
        let titles = ["Swift 6.3 release notes", "Swift 6.3 notes", "Go release", "Rust release giveaway"]
        let items = titles.enumerated().map { index, title in
            FeedItem(id: "s:\(index)", source: "s", sourceType: "test", kind: .article, title: title)
        }
        let state = SourceState(status: SourceStatus(id: "s", type: "test", state: .ok), items: items, isFinal: true)
        let digest = reducer.reduce([state], generatedAt: Date())
        #expect(digest.items.map(\.title) == ["Swift 6.3 release notes"], "not missing --grep, include, or excluded")
        let filters = [#"--grep "release""#, #"include "swift""#, #"include "rust""#, #"exclude "giveaway""#]
        #expect(digest.narrowing.filters == filters)
    }

    @Test func grepFindsTheAuthorAsThePageSearchDoes() {
        let byAuthor = KeywordFilter(required: ["lattner"])
        #expect(byAuthor.matches(Self.item(title: "Mojo news", author: "Chris Lattner")))
        #expect(!byAuthor.matches(Self.item(title: "Mojo news", author: "Someone Else")))
        #expect(!Self.keeps(exclude: ["sponsor"])(Self.item(title: "t", author: "Sponsored")))
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
