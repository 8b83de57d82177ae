import Foundation
import Testing
import TributaryInterchange

/// `HTMLFeedLinks`: the feeds a page announces, as browsers and sfeed_web read them.
@Suite struct HTMLFeedLinksTests {
    let page = URL(string: "https://ada.example/blog/post.html")!

    func links(_ html: String) -> [String] {
        HTMLFeedLinks.find(in: Data(html.utf8), pageURL: page).map(\.url.absoluteString)
    }

    @Test func everyFeedTypeIsFoundInDocumentOrderOnce() {
        let html = """
            <link rel="stylesheet" href="/s.css">
            <LINK REL="alternate" TYPE="application/rss+xml" HREF="/rss.xml">
            <link rel='alternate' type='application/atom+xml; charset=utf-8' href='atom.xml'>
            <link rel=alternate type=application/feed+json href=/feed.json>
            <link rel="alternate" type="application/rss+xml" href="/rss.xml">
            <link rel="alternate" hreflang="fr" href="/fr/">
            """
        #expect(
            links(html) == [
                "https://ada.example/rss.xml", "https://ada.example/blog/atom.xml", "https://ada.example/feed.json",
            ])
    }

    @Test func linksResolveAgainstTheBaseAndEntitiesAreDecoded() {
        let html =
            #"<base href="https://cdn.example/site/"><link rel="alternate" type="application/rss+xml" "#
            + #"href="feed?a=1&amp;b=2" title="Ada &amp; Bo">"#
        let found = HTMLFeedLinks.find(in: Data(html.utf8), pageURL: page)
        #expect(found.map(\.url.absoluteString) == ["https://cdn.example/site/feed?a=1&b=2"])
        #expect(found.first?.title == "Ada & Bo")
    }

    @Test func commentedOutLinksAreNotFeeds() {
        #expect(links(#"<!-- <link rel="alternate" type="application/rss+xml" href="/old.xml"> -->"#).isEmpty)
    }
}
