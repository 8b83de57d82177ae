import Foundation
import Testing
import TributaryExtract

/// Pages written to attack a reader: what comes out holds nothing that runs, and what is
/// too big or too deep fails clearly or stays bounded.
@Suite struct HostilePageTests {
    static let hostile = """
        <html><head><script>document.title = "owned"</script><style>p { color: red }</style></head>
        <body onload="steal()"><div class="article-body">
        <p onclick="steal()" style="position:fixed">\(TestPages.paragraphs[0])
        <a href="javascript:steal()">a scripted link</a> <a href=" JaVa&#x09;ScRipt:steal()">a disguised one</a>
        <a href="data:text/html,<script>steal()</script>">a data link</a> <a href="/fine">a fine link</a></p>
        <script>steal()</script><noscript><p>Enable scripts</p></noscript>
        <svg><script>steal()</script><a xlink:href="javascript:steal()"><text>svg text</text></a></svg>
        <p>\(TestPages.paragraphs[1])<img src="x.png" onerror="steal()" srcset="y.png 2x">
        <img src="javascript:steal()"><iframe src="https://evil.example/"></iframe></p>
        <form action="https://evil.example/"><input name="password"><button formaction="x">Go</button></form>
        <p>\(TestPages.paragraphs[2])<object data="x.swf"></object><embed src="y.swf"></p>
        <p>\(TestPages.paragraphs[3])<math><mtext>1</mtext></math><template><p>hidden template</p></template></p>
        </div></body></html>
        """

    @Test func scriptsEventAttributesAndDangerousLinksAreGone() throws {
        let article = try TestPages.extract(Self.hostile)
        let html = article.html.lowercased()
        for forbidden in [
            "<script", "steal()", "javascript", "onclick", "onerror", "onload", "<svg", "<iframe", "<form",
            "<input", "<button", "<object", "<embed", "<style", "style=", "srcset", "data:", "<math", "<template",
            "<noscript",
        ] {
            #expect(!html.contains(forbidden), "\(forbidden) in \(article.html)")
        }
        #expect(article.html.contains(#"<a href="https://news.example/fine">a fine link</a>"#))
        #expect(article.html.contains(#"<img src="https://news.example/valley/x.png" loading="lazy">"#))
        #expect(article.html.contains("a scripted link"), "a refused link keeps its text")
        #expect(!article.text.contains("svg text") && !article.text.contains("Enable scripts"))
        #expect(article.text.hasSuffix(TestPages.paragraphs[3]))
    }

    @Test func aPageOverTheSizeCapIsRefusedBeforeItIsParsed() {
        let extractor = ArticleExtractor()
        let page = Data(count: 100 * 1_048_576)
        #expect(throws: ExtractionError.tooLarge(size: page.count, limit: ArticleExtractor.defaultMaxPageSize)) {
            try extractor.extract(from: page, url: nil)
        }
        #expect(
            ExtractionError.tooLarge(size: page.count, limit: extractor.maxPageSize).message
                == "the page is 100 MB; the extractor reads at most 32 MB")
    }

    static let tenThousandDeep =
        String(repeating: "<div>", count: 10_000) + "<p>\(TestPages.paragraphs[0])</p>"
        + String(repeating: "</div>", count: 10_000)

    @Test func tenThousandNestedElementsAfterTheArticleLeaveItWhole() throws {
        let article = try TestPages.extract("<html><body>\(TestPages.prose())\(Self.tenThousandDeep)</body></html>")
        #expect(article.text.hasPrefix(TestPages.paragraphs[0]))
        #expect(article.text.hasSuffix(TestPages.paragraphs[3]))
    }

    @Test func anArticleBeyondTheParsersDepthLimitIsAClearFailure() {
        #expect(throws: ExtractionError.tooDeep) {
            try TestPages.extract("<html><body>\(Self.tenThousandDeep)</body></html>")
        }
    }

    @Test func aHugeAttributeIsDroppedAndTheArticleStillComesOut() throws {
        let huge = String(repeating: "x", count: 8 * 1_048_576)
        let page = "<html><body><div data-junk=\"\(huge)\" class=\"post\">\(TestPages.prose())</div></body></html>"
        let article = try TestPages.extract(page)
        #expect(article.text.hasPrefix(TestPages.paragraphs[0]))
        #expect(article.html.count < 10_000)
    }

    @Test func controlCharactersAndEscapesNeverReachTheText() throws {
        let page =
            "<html><body><div class=\"post\"><p>\u{1B}[31mred\u{1B}[0m \u{202E}" + TestPages.paragraphs[0]
            + "</p>\(TestPages.prose(1..<4))</div></body></html>"
        let article = try TestPages.extract(page)
        #expect(!article.text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E })
        #expect(!article.html.unicodeScalars.contains { $0.value == 0x1B })
    }
}
