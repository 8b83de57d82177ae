import Foundation
import Testing
import TributaryExtract

/// Links and images in the cleaned HTML are absolute: against `<base href>` when the page
/// has one, else the page's own address; lazy images keep their real address.
@Suite struct ArticleAddressTests {
    static func page(head: String = "") -> String {
        """
        <html><head>\(head)</head><body><div class="entry-content">\(TestPages.prose(0..<3))
        <p>\(TestPages.paragraphs[3]) <a href="../archive/2025.html">the archive</a>
        <img src="data:image/gif;base64,R0lGOD" data-src="img/level.png" alt="Water level &amp; weir"></p>
        </div></body></html>
        """
    }

    @Test func relativeAddressesResolveAgainstThePage() throws {
        let article = try TestPages.extract(Self.page())
        #expect(article.html.contains(#"<a href="https://news.example/archive/2025.html">the archive</a>"#))
        #expect(
            article.html.contains(
                #"<img src="https://news.example/valley/img/level.png" alt="Water level &amp; weir" loading="lazy">"#))
    }

    @Test func aBaseElementWinsOverThePageAddress() throws {
        let article = try TestPages.extract(Self.page(head: #"<base href="https://cdn.example/site/post/">"#))
        #expect(article.html.contains(#"href="https://cdn.example/site/archive/2025.html""#))
        #expect(article.html.contains(#"src="https://cdn.example/site/post/img/level.png""#))
    }

    @Test func withoutAnyAddressRelativeLinksStayRelative() throws {
        let article = try TestPages.extract(Self.page(), url: nil)
        #expect(article.html.contains(#"<a href="../archive/2025.html">"#))
    }
}
