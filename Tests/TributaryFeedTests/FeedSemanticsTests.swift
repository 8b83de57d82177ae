import Foundation
import Testing
import Tributary
import TributaryTesting

/// What RSS 2.0 and RFC 4287 say an item's elements mean, and which element wins (issue 20).
@Suite struct FeedSemanticsTests {
    @Test func rssGuidIsTheLinkWhenItIsAPermalink() async throws {
        let (items, _) = try await served("rss-semantics/feed.xml")
        #expect(
            items.map { $0.url?.absoluteString } == [
                "https://sem.example/posts/1", "https://sem.example/posts/2", nil, "https://sem.example/posts/4",
            ])
    }

    @Test func rssAuthorForms() async throws {
        let (items, _) = try await served("rss-semantics/feed.xml")
        #expect(
            items.map(\.author) == ["Jane Doe", "John Roe", "solo@sem.example", "Plain Name (@plainname)"],
            "a handle is not an email")
    }

    @Test func rssCategoriesWithADomainAndImageEnclosures() async throws {
        let (items, _) = try await served("rss-semantics/feed.xml")
        #expect(items[0].tags == ["Swift", "Linux"])
        #expect(items[1].image?.absoluteString == "https://cdn.sem.example/covers/2")
    }

    @Test func atomTextConstructsByType() async throws {
        let (items, _) = try await served("atom-semantics/feed.xml", contentType: "application/atom+xml")
        #expect(items[0].title == "1 < 2 &amp; 3 > 2", "text is literal")
        #expect(items[0].summary == "Use <b> for bold &amp; <i> for italics.")
        #expect(items[1].title == "Bold move & more", "html is escaped markup")
        #expect(items[1].summary == "Escaped markup & an entity")
        #expect(items[2].title == "An inline title", "xhtml is inline markup")
        #expect(items[2].summary == "First 5 < 6. Second &amp; last.")
        #expect(items[7].summary == "Plain <text> content")
    }

    @Test func atomContentWithSource() async throws {
        let (items, _) = try await served("atom-semantics/feed.xml", contentType: "application/atom+xml")
        #expect(items[3].url?.absoluteString == "https://atom.example/bodies/a4.html")
        #expect(items[3].summary == "Out of line.")
    }

    @Test func atomLinksByRel() async throws {
        let (items, _) = try await served("atom-semantics/feed.xml", contentType: "application/atom+xml")
        #expect(items[4].url?.absoluteString == "https://atom.example/posts/a5")
        #expect(items[4].image?.absoluteString == "https://atom.example/images/a5")
        #expect(items[5].url?.absoluteString == "https://atom.example/posts/a6")
    }

    @Test func atomAuthorsFromTheSourceOrTheFeed() async throws {
        let (items, _) = try await served("atom-semantics/feed.xml", contentType: "application/atom+xml")
        #expect(items[6].author == "Source Author")
        #expect(items[6].title == "Republished")
        #expect(items[6].url?.absoluteString == "https://atom.example/posts/a7")
        #expect(items[7].author == "Feed Author")
    }

    @Test func nestedElementsAreNotTheItemsFields() async throws {
        let (items, _) = try await served("element-precedence/feed.xml")
        let item = items[0]
        #expect(item.title == "Own title")
        #expect(item.url?.absoluteString == "https://prec.example/p1")
        #expect(item.summary == "Own description")
        #expect(item.published == utc("2021-02-02T10:00:00Z"))
        #expect(item.author == "Own Author")
        #expect(item.tags == ["own"])
    }

    @Test func plainElementsWinOverDublinCore() async throws {
        let (items, _) = try await served("element-precedence/feed.xml")
        #expect(items[1].title == "Plain title after DC")
        #expect(items[1].summary == "Plain description after DC")
        #expect(items[2].title == "Plain title before DC")
    }

    /// RFC 4287 §4.2.7.2: the link is the alternate (a link without `rel` is one), of type
    /// text/html before any other; links without `href`, or of other relations, are none.
    @Test(arguments: ["atom-links/feed.xml", "atom-links/no-namespace.xml"])
    func theAlternateLinkWinsOverEarlierOtherLinks(fixture: String) async throws {
        let (items, _) = try await served(fixture, contentType: "application/atom+xml")
        let links = Dictionary(uniqueKeysWithValues: items.map { ($0.id, $0.url?.absoluteString) })
        #expect(links["l1"] == "https://links.example/one", "after a related link")
        #expect(links["l2"] == "https://links.example/two", "after a link without href")
        #expect(links["l3"] == "https://links.example/three", "after a link of an unknown relation")
        #expect(links["l4"] == "https://links.example/four", "text/html after a PDF alternate")
        #expect(links["l5"] == "https://links.example/five", "after an alternate without href and a self link")
        #expect(links["l6"] == "https://links.example/six", "after a link whose href is empty")
        #expect(links["l7"] == "https://links.example/seven", "a relation name in capitals (RFC 8288 §2.1.1)")
    }
}
