import Foundation
import Testing
import Tributary
import TributaryExtract

/// An entry's `selector`: the article is what it selects, cleaned like the heuristic's
/// choice, and a selector that selects nothing fails saying so.
@Suite struct SelectorTests {
    static let page = """
        <html><head><title>Weir</title></head><body>
        <main><div class="entry"><p>Direct entry text, the one the child selector wants.</p>
        <script>steal()</script><p onclick="steal()"><a href="javascript:steal()">scripted</a> kept words</p></div>
        <section><div class="entry"><p>Nested entry text, only for the descendant selector.</p></div></section></main>
        <div id="sidebar"><p>\(TestPages.paragraphs[0])</p><p>\(TestPages.paragraphs[1])</p></div>
        <div data-role="post"><p>By attribute.</p></div>
        </body></html>
        """

    func text(_ selector: String) throws -> String {
        try ArticleExtractor().extract(
            from: Data(Self.page.utf8), url: URL(string: "https://news.example/weir"),
            selector: ElementSelector(parsing: selector)
        ).text
    }

    @Test func theChildCombinatorTakesOnlyDirectChildren() throws {
        let text = try text("main > div.entry")
        #expect(text.contains("Direct entry text") && !text.contains("Nested entry text"), "\(text)")
        #expect(!text.contains(TestPages.paragraphs[0]))
    }

    @Test func theDescendantCombinatorTakesEveryMatchInDocumentOrder() throws {
        let text = try text("main div.entry")
        let direct = try #require(text.range(of: "Direct entry text"))
        let nested = try #require(text.range(of: "Nested entry text"))
        #expect(direct.lowerBound < nested.lowerBound)
    }

    @Test func idsAttributesAndListsSelect() throws {
        #expect(try text("#sidebar").contains(TestPages.paragraphs[1]))
        #expect(try text("[data-role=\"post\"]") == "By attribute.")
        let both = try text("[data-role=post], main > .entry")
        #expect(both.contains("By attribute.") && both.contains("Direct entry text"))
    }

    @Test func whatItSelectsIsCleanedAsTheHeuristicsChoiceIs() throws {
        let article = try ArticleExtractor().extract(
            from: Data(Self.page.utf8), url: nil, selector: ElementSelector(parsing: "main > .entry"))
        #expect(
            !article.html.contains("steal") && !article.html.contains("javascript") && !article.html.contains("onclick")
        )
        #expect(article.text.contains("kept words"))
    }

    @Test func aSelectorThatSelectsNothingFailsNamingIt() throws {
        #expect(throws: ExtractionError.selectorMatchedNothing("article.missing")) {
            try text("article.missing")
        }
    }
}
