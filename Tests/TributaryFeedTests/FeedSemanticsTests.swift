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
}
