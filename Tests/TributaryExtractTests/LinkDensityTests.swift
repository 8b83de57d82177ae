import Testing
import TributaryExtract

/// What counts as text "inside links" when the extractor tells an article from a page of
/// navigation: links that lead somewhere count, `javascript:` ones (which lead nowhere,
/// and whose text the writers keep) do not.
@Suite struct LinkDensityTests {
    @Test func proseWrappedInAJavaScriptLinkIsStillTheArticle() throws {
        let page = """
            <html><head><title>Weir</title></head><body>
            <a href=" JavaScript:void(0)"><div class="story">\(TestPages.prose())</div></a></body></html>
            """
        let article = try TestPages.extract(page)
        #expect(article.text.hasPrefix(TestPages.paragraphs[0]))
        #expect(article.text.hasSuffix(TestPages.paragraphs[3]))
        #expect(!article.html.lowercased().contains("javascript"), "the link itself is refused")
    }

    @Test func theSameProseInsideARealLinkIsNavigation() {
        let page = """
            <html><head><title>Weir</title></head><body>
            <a href="/weir"><div class="story">\(TestPages.prose())</div></a></body></html>
            """
        #expect(throws: ExtractionError.noArticle) { try TestPages.extract(page) }
    }
}
