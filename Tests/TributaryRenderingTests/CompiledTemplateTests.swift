import Foundation
import Testing
import Tributary
import TributaryTesting
@testable import TributaryRendering

/// The compiled renderer gives the page swift-mustache gives, for the built-in template
/// and for the whitespace rules of any template it takes; what it does not take falls
/// back to swift-mustache.
@Suite struct CompiledTemplateTests {
    static let awkward: Digest = {
        var digest = GoldenTests.digest
        digest.items[1].title = #"Fish & "chips" — <b>O'Neil's</b> café 東京 🇳🇴 👩‍👩‍👧 a{{b}}c"#
        digest.items[1].tags = ["<i>", "&amp;", "'"]
        digest.items[0].summary = "line one\nline two\ttab"
        return digest
    }()

    static let digests: [Digest] = [
        SampleDigest.digest(), GoldenTests.digest, awkward, ReportNewItemsTests.remembered(),
        ReportNewItemsTests.remembered(awkward),
        Digest(title: "Empty", generatedAt: GoldenTests.generatedAt, sources: [], items: []),
        ReadingDigest.digest(),
    ]

    /// Long enough for the lists to be rendered in parts on every core.
    static let long: Digest = {
        let sample = SampleDigest.digest()
        var digest = sample
        digest.items = (0..<TemplateWriter.partsFrom + 101).map { index in
            var item = sample.items[index % sample.items.count]
            item.id += "-\(index)"
            item.title += " \(index) & 'more'"
            item.published = index % 7 == 0 ? nil : GoldenTests.generatedAt.addingTimeInterval(Double(-97 * index))
            return item
        }
        return digest
    }()

    /// One long page, with new and seen items, so both kinds of card are rendered in parts;
    /// pages without a memory are compared in `theBuiltInPageIsTheSameAsSwiftMustaches`.
    /// (A second long page doubled the time, to 9 s in the suite, and covered nothing more.)
    @Test func aLongPageRenderedInPartsIsTheSameAsSwiftMustaches() throws {
        let renderer = try HTMLReportRenderer()
        let remembered = ReportNewItemsTests.remembered(Self.long) { $0.title.count % 3 == 0 }
        let newCount = try #require(remembered.newItemCount)
        #expect(newCount > 0 && newCount < remembered.items.count)
        #expect(
            renderer.render(remembered, images: .linked, compiledIfPossible: true)
                == renderer.render(remembered, images: .linked, compiledIfPossible: false)
        )
    }

    @Test func theBuiltInTemplateIsCompiled() throws {
        #expect(try HTMLReportRenderer().compiled != nil)
    }

    @Test(arguments: digests, [ReportImages.linked, .embedded([:])])
    func theBuiltInPageIsTheSameAsSwiftMustaches(digest: Digest, images: ReportImages) throws {
        let renderer = try HTMLReportRenderer()
        let compiled = renderer.render(digest, images: images, compiledIfPossible: true)
        let reference = renderer.render(digest, images: images, compiledIfPossible: false)
        #expect(compiled == reference)
    }

    static let templates = [
        "<h1>{{title}}</h1>\n{{#timeline}}\n  <p>{{title}}</p>\n{{/timeline}}\n",
        "  {{#chips}}  \n\t{{label}} {{{label}}} {{&label}}\n  {{/chips}}\nend",
        "{{! a comment\n  over lines }}\n{{^empty(photos)}}{{count(photos)}} photos{{/empty(photos)}}\n",
        "a {{! inline }} b\n   {{! standalone }}\n  x {{#isEmpty}}none{{/isEmpty}}{{^isEmpty}}some{{/isEmpty}}\n",
        "{{#lists}}{{heading}}: {{#items}}{{#tags}}[{{.}}]{{/tags}}{{kind}} {{/items}}\n{{/lists}}",
        "{ {{csp}} }} {\n{{#timeline}}{{#thumbnail}}{{#src}}{{.}} {{title}}{{/src}}{{/thumbnail}}{{/timeline}}",
        "{{#timeline}}{{#url}}<a "
            + "href=\"{{.}}\">{{/url}}{{^url}}-{{/url}}{{score}}{{scoreValue}}{{timestamp}}\n{{/timeline}}",
        "{{#chips}}\n{{#message}}\n  {{.}}\n{{/message}}\n{{/chips}}\n{{itemCount}} "
            + "{{missing}}{{#missing}}x{{/missing}}",
        "   \n{{title}}\n  {{#isEmpty}}\n{{/isEmpty}}  ",
        "{{#chips}}{{label}}\n  {{/chips}} tail\n\t{{^isEmpty}} {{/isEmpty}}!\n  {{! note }} after\n",
        "{{#itemCount}}{{.}} items{{/itemCount}}{{^chips}}no chips{{/chips}}\n   ",
        "<meta content=\"{{csp}}\"><style>a{}</style><script nonce=\"{{{csp}}}\">go()</script>{{&csp}}",
        "<script>var policy = '{{csp}}'</script><style>{{title}}</style>",
        "{{#csp}}[{{.}}]{{/csp}}{{^empty(csp)}}policy: {{csp}}{{/empty(csp)}}<script>x</script>",
    ]

    @Test(arguments: templates)
    func anyTemplateItTakesGivesSwiftMustachesPage(template: String) throws {
        guard let renderer = try? HTMLReportRenderer(templateText: template) else {
            Issue.record("swift-mustache refuses the test template")
            return
        }
        #expect(renderer.compiled != nil, "the compiled renderer should take this template")
        for digest in Self.digests {
            let compiled = renderer.render(digest, images: .linked, compiledIfPossible: true)
            #expect(compiled == renderer.render(digest, images: .linked, compiledIfPossible: false))
        }
    }

    @Test(arguments: [
        "{{> partial}}", "{{#timeline}}{{sorted(tags)}}{{/timeline}}", "{{chips.first}}", "{{=<% %>=}}<% title %>",
    ])
    func otherTemplatesAreLeftToSwiftMustache(template: String) throws {
        let renderer = try HTMLReportRenderer(templateText: template)
        #expect(renderer.compiled == nil)
        _ = renderer.render(SampleDigest.digest())
    }

    @Test func aValueThatOnlySwiftMustacheCanPrintFallsBackToIt() throws {
        let renderer = try HTMLReportRenderer(templateText: "{{#timeline}}{{thumbnail}}{{/timeline}}|{{tags}}")
        let digest = SampleDigest.digest()
        #expect(renderer.render(digest) == renderer.render(digest, images: .linked, compiledIfPossible: false))
    }

    @Test func aQuoteFollowedByACombiningMarkIsStillEscaped() throws {
        var digest = GoldenTests.digest
        digest.items[1].title = "x\"\u{301} onmouseover=alert(1)"
        let page = try HTMLReportRenderer(templateText: #"<a title="{{#timeline}}{{title}}{{/timeline}}">"#).render(
            digest)
        #expect(page.contains("x&quot;\u{301} onmouseover"))
    }
}
