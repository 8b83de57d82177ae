import Foundation
import Testing
import Tributary

@Suite struct DigestReducerTests {
    static func item(
        _ id: String, source: String, url: String?, hoursAgo: Double?, score: Double? = nil, title: String? = nil,
        tags: [String] = []
    ) -> FeedItem {
        FeedItem(
            id: "\(source):\(id)", source: source, sourceType: "test", kind: .article, title: title ?? "Item \(id)",
            url: url.flatMap(URL.init(string:)),
            published: hoursAgo.map { Date(timeIntervalSince1970: 1_800_000_000 - $0 * 3600) },
            score: score, tags: tags
        )
    }

    static func state(_ id: String, _ items: [FeedItem]) -> SourceState {
        SourceState(status: SourceStatus(id: id, type: "test", state: .ok, itemCount: items.count), items: items)
    }

    let states = [
        state(
            "a",
            [
                item(
                    "1", source: "a", url: "https://example.com/post?utm_source=x", hoursAgo: 3, score: 5,
                    tags: ["swift"]),
                item("2", source: "a", url: "https://example.com/two", hoursAgo: 1, score: 1),
            ]),
        state(
            "b",
            [
                item(
                    "3", source: "b", url: "http://www.example.com/post/#comments", hoursAgo: 2, score: 50,
                    tags: ["ios"]),
                item("4", source: "b", url: nil, hoursAgo: nil, score: 9, title: "Crypto giveaway inside"),
            ]),
    ]

    @Test func duplicatesAcrossSourcesByCanonicalURLKeepTheFirstWithBothTags() {
        let digest = DigestReducer(title: "t", sort: .newest, limit: nil, filter: KeywordFilter()).reduce(
            states, generatedAt: Date())
        #expect(digest.items.map(\.id) == ["a:2", "a:1", "b:4"])
        #expect(digest.items[1].tags == ["swift", "ios"])
    }

    /// The keys the state store knows items by come with the digest, made once here: each
    /// item's own (its URL's canonical form hashed), and gone as soon as the items change.
    @Test func theDigestCarriesEachItemsKeysUntilItsItemsChange() {
        var digest = DigestReducer(title: "t", sort: .newest, limit: nil, filter: KeywordFilter()).reduce(
            states, generatedAt: Date())
        let positions = ItemKeys.positions(of: digest.sources)
        #expect(digest.itemKeys == digest.items.map { ItemKeys(of: $0, sourcePositions: positions) })
        #expect(digest.itemKeys?.map(\.sourcePosition) == [0, 0, 1])
        #expect(digest.itemKeys?[1].urlHash == StableHash.value("https://example.com/post"))
        #expect(digest.itemKeys?[2].urlHash == nil)
        digest.items.removeFirst()
        #expect(digest.itemKeys == nil)
    }

    /// Enough items that keys are hashed on every core: every third repeats the page of
    /// the item two before it, through a tracking parameter.
    @Test func manyDuplicatesKeepEachFirstOnce() {
        let items = (0..<12_000).map { index in
            let page = index % 3 == 2 ? index - 2 : index
            return Self.item(
                "\(index)", source: "a",
                url: "https://example.com/p/\(page)" + (page == index ? "" : "?utm_medium=rss"),
                hoursAgo: Double(index), tags: ["t\(index)"])
        }
        let digest = DigestReducer(title: "t", sort: .newest, limit: nil, filter: KeywordFilter()).reduce(
            [Self.state("a", items)], generatedAt: Date())
        #expect(digest.items.count == 8_000)
        #expect(digest.items.first?.id == "a:0")
        #expect(digest.items.first?.tags == ["t0", "t2"])
        #expect(Set(digest.items.map(\.id)).count == 8_000)
    }

    @Test func sortsByScoreAndBySourceAndLimits() {
        let byScore = DigestReducer(title: "t", sort: .score, limit: 2, filter: KeywordFilter()).reduce(
            states, generatedAt: Date())
        // Each the top score of its source (a:1 over a:2; b:4 alone): the newer first.
        #expect(byScore.items.map(\.id) == ["a:1", "b:4"])
        let bySource = DigestReducer(title: "t", sort: .source, limit: nil, filter: KeywordFilter()).reduce(
            states.reversed(), generatedAt: Date())
        #expect(bySource.items.map(\.source) == ["b", "b", "a"])
    }

    /// A 500px rating of 98 is that source's lowest; a Stack Overflow vote count of 14 its
    /// highest: sorting by score ranks each within its own source.
    @Test func scoreSortRanksEachItemWithinItsSourceNotAcrossScales() {
        let ratings = [99.9, 99.5, 98].enumerated().map { index, score in
            Self.item("p\(index)", source: "500px", url: nil, hoursAgo: Double(index), score: score)
        }
        let votes = [14.0, 3, 1].enumerated().map { index, score in
            Self.item("q\(index)", source: "so", url: nil, hoursAgo: Double(index) + 0.5, score: score)
        }
        let digest = DigestReducer(title: "t", sort: .score, limit: nil, filter: KeywordFilter()).reduce(
            [Self.state("500px", ratings), Self.state("so", votes)], generatedAt: Date())
        #expect(digest.items.map(\.id) == ["500px:p0", "so:q0", "500px:p1", "so:q1", "500px:p2", "so:q2"])
        let ranks = ScorePercentile.ranks(of: [5.0, 5, 1, 9], source: { _ in "s" }, score: { $0 })
        #expect(ranks == [50, 50, 0, 100], "ties share the midpoint of their places")
    }

    @Test func includeExcludeAndGrepMatchTitleSummaryAndTagsIgnoringCase() {
        let reduce = { (include: [String], exclude: [String], grep: [String]) in
            DigestReducer(config: FeedsConfig(limit: nil, include: include, exclude: exclude), grep: grep)
                .reduce(states, generatedAt: Date()).items.map(\.id)
        }
        #expect(reduce([], ["CRYPTO"], []) == ["a:2", "a:1"])
        #expect(reduce(["swift", "giveaway"], [], []) == ["a:1", "b:4"])
        #expect(reduce([], [], ["item", "2"]) == ["a:2"])
    }

    @Test func canonicalURLsIgnoreSchemeWWWFragmentTrackingAndTrailingSlash() {
        let key = { CanonicalURL.key(URL(string: $0)!.absoluteString) }
        #expect(key("http://WWW.Example.com/a/?utm_medium=rss#top") == key("https://example.com/a"))
        #expect(key("https://example.com/a?id=1") != key("https://example.com/a?id=2"))
        #expect(key("https://example.com/") == key("HTTPS://example.com:443"))
        #expect(key("https://example.com/a?utm_source=x&id=3&fbclid=y") == key("https://example.com/a?id=3"))
        #expect(key("https://example.com/a") != key("https://example.org/a"))
    }

    @Test func itemsThatTieAreOrderedByIdInEverySortAndUnderALimit() {
        let tied = [
            Self.item("c", source: "s", url: nil, hoursAgo: 1, score: 1),
            Self.item("a", source: "s", url: nil, hoursAgo: 1, score: 1),
            Self.item("z", source: "s", url: nil, hoursAgo: nil, score: 1),
            Self.item("b", source: "s", url: nil, hoursAgo: 1, score: 1),
            Self.item("y", source: "s", url: nil, hoursAgo: nil, score: 1),
            Self.item("new", source: "s", url: nil, hoursAgo: 0, score: 1),
        ]
        for sort in [DigestSort.newest, .score, .source] {
            let reducer = DigestReducer(title: "t", sort: sort, limit: nil, filter: KeywordFilter())
            let ids = reducer.reduce([Self.state("s", tied)], generatedAt: Date()).items.map(\.id)
            #expect(ids == ["s:new", "s:a", "s:b", "s:c", "s:y", "s:z"], "\(sort)")
        }
        let limited = DigestReducer(title: "t", sort: .newest, limit: 3, filter: KeywordFilter())
        let first = limited.reduce([Self.state("s", tied)], generatedAt: Date()).items.map(\.id)
        #expect(first == ["s:new", "s:a", "s:b"])
    }
}
