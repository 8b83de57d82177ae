import Foundation
import Testing
import Tributary
import TributaryRendering
import TributaryTesting

/// The HTML report: golden file, escaping of hostile items, and the page's CSP.
@Suite struct ReportRendererTests {
    let html = try! HTMLReportRenderer().render(SampleDigest.digest())

    @Test func golden() throws {
        try GoldenTests().check(html, against: "report.html")
    }

    @Test func hostileTitleIsEscapedTextAndItsLinkIsDropped() {
        #expect(html.contains("&lt;img src=x onerror=alert(1)&gt;"))
        #expect(!html.contains("<img src=x"))
        #expect(!html.localizedCaseInsensitiveContains("javascript:"))
        #expect(!html.contains("data:image/png;base64,AAAA"), "data: URLs from upstream are not images")
        #expect(html.contains("&lt;script&gt;document.title=&#39;pwned&#39;&lt;/script&gt;"))
        #expect(html.contains("&lt;i&gt;tag&lt;/i&gt;"))
        #expect(Self.count("<script", in: html) == 1, "only the page's own script")
    }

    @Test func everyLinkAndImageIsWebOrAnAnchor() throws {
        let regex = try NSRegularExpression(pattern: #"(?:href|src)="([^"]*)""#)
        let values = regex.matches(in: html, range: NSRange(html.startIndex..., in: html)).map {
            (html as NSString).substring(with: $0.range(at: 1))
        }
        #expect(!values.isEmpty)
        for value in values {
            #expect(value.hasPrefix("https://") || value.hasPrefix("http://") || value.hasPrefix("#"), "\(value)")
        }
    }

    @Test func policyHashesTheInlineCodeAndAllowsDataImagesOnlyWhenEmbedding() {
        #expect(html.contains("default-src &#39;none&#39;; script-src &#39;sha256-"))
        #expect(html.contains("img-src https: http:;"))
        let embedded = try! HTMLReportRenderer().render(SampleDigest.digest(), images: .embedded([:]))
        #expect(embedded.contains("img-src https: http: data:;"))
        #expect(
            embedded.contains(#"<span class="placeholder"></span>"#),
            "a thumbnail that did not download is a placeholder")
    }

    @Test func aUserTemplateIsRenderedWithTheSameViewAndItsScriptHashed() throws {
        let template =
            #"<meta content="{{csp}}"><h1>{{title}}</h1>{{#timeline}}<p>{{title}}</p>{{/timeline}}<script>go()</script>"#
        let page = try HTMLReportRenderer(templateText: template).render(SampleDigest.digest())
        // echo -n 'go()' | openssl dgst -sha256 -binary | base64
        #expect(page.contains("&#39;sha256-5KYv+PUboo5h+0+YAtGRPbwv5d/QxzHslP4YGnUaxRw=&#39;"))
        #expect(page.contains("<p>&lt;img src=x onerror=alert(1)&gt;</p>"))
    }

    static func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }
}
