import Testing
@testable import TributaryInterchange

/// Ids for imported entries: from titles, valid, unique.
@Suite struct EntryIDTests {
    @Test func titlesBecomeLowerCaseWordsJoinedByDashes() {
        #expect(EntryIDs.slug("Ars Technica — All content!") == "ars-technica-all-content")
        #expect(EntryIDs.slug("Café Müller") == "cafe-muller")
        #expect(EntryIDs.slug("日本語") == "")
        #expect(EntryIDs.slug(String(repeating: "word ", count: 20)).count <= 40)
    }

    @Test func idsAreUniqueAndNeverEmpty() {
        var ids = EntryIDs(taken: ["blog"])
        #expect(ids.make(title: "Blog", url: "https://a.example/feed") == "blog-2")
        #expect(ids.make(title: "Blog", url: "https://b.example/feed") == "blog-3")
        #expect(ids.make(title: "日本語", url: "https://news.example.jp/rss") == "news-example-jp")
        #expect(ids.make(title: nil, url: "not a url") == "feed")
    }
}
