import Foundation
import Testing
import TributaryExtract

/// Pages of the kinds readers send to `extract`: the title, byline, first and last
/// paragraph come out; navigation, sidebars and comments do not.
@Suite struct ArticlePageTests {
    @Test func aNewsArticleKeepsItsParagraphsAndDropsTheSiteAroundThem() throws {
        let page = """
            <!DOCTYPE html><html><head><title>New weir opens | Valley Gazette</title>
            <meta property="og:title" content="New weir opens on the lower river">
            <meta name="author" content="Maria Okafor">
            <meta property="article:published_time" content="2026-11-30T08:00:00Z"></head>
            <body><header class="masthead"><a href="/">Valley Gazette</a>\(TestPages.navigation)</header>
            <div id="main"><div class="story-body"><h1>New weir opens on the lower river</h1>
            \(TestPages.prose())</div>
            <div class="related-links"><h3>Related stories</h3><ul><li><a href="/a">Bridge repairs delayed again</a></li>
            <li><a href="/b">Council votes on bus lanes</a></li></ul></div></div>
            <footer class="site-footer"><p>Copyright Valley Gazette, all rights reserved, registered in the valley.</p>
            </footer></body></html>
            """
        let article = try TestPages.extract(page)
        #expect(article.title == "New weir opens on the lower river")
        #expect(article.byline == "Maria Okafor")
        #expect(article.published == "2026-11-30T08:00:00Z")
        #expect(article.text.hasPrefix(TestPages.paragraphs[0]))
        #expect(article.text.hasSuffix(TestPages.paragraphs[3]))
        for chrome in ["World news", "Related stories", "Bridge repairs", "Copyright", "Valley Gazette"] {
            #expect(!article.text.contains(chrome), "\(chrome) is not the article's")
        }
        #expect(article.text.components(separatedBy: "\n\n").count == 4, "one paragraph per <p>")
    }

    @Test func aBlogPostLosesItsSidebarAndComments() throws {
        let page = """
            <html><head><title>Notes on weirs - A river blog</title></head><body>
            <div id="wrapper"><div class="post hentry"><h2 class="entry-title">Notes on weirs</h2>
            <p class="byline">by <a rel="author" href="/about">Sam Reed</a></p>
            <div class="entry-content">\(TestPages.prose())</div></div>
            <div id="sidebar"><h3>Archives</h3><p>November 2026, October 2026, September 2026, August 2026, July 2026,
            June 2026, May 2026, and all the months before them, by year and by tag.</p></div>
            <div id="comments" class="comments-area"><h3>3 comments</h3>
            <div class="comment"><p>Great post, I walked along that stretch of river last week and saw the cranes,
            which were enormous, and the workers said it would be done by Christmas.</p></div>
            <div class="comment"><p>I disagree with the part about the barges, the union never asked for night work,
            as far as I know, and the authority should say who did.</p></div></div></div></body></html>
            """
        let article = try TestPages.extract(page)
        #expect(article.title == "Notes on weirs")
        #expect(article.byline == "by Sam Reed")
        #expect(article.text.hasPrefix(TestPages.paragraphs[0]))
        #expect(article.text.hasSuffix(TestPages.paragraphs[3]))
        for other in ["Archives", "3 comments", "Great post", "I disagree"] {
            #expect(!article.text.contains(other), "\(other) is not the post's")
        }
    }

    @Test func jsonLDGivesTheMetadataAndTheBodyWhenThePageHasOnlyATeaser() throws {
        let body = TestPages.paragraphs.joined(separator: "\n")
        let jsonBody = body.replacingOccurrences(of: "\n", with: "\\n")
        let page = """
            <html><head><title>Weir | Gazette</title><script type="application/ld+json">
            {"@context": "https://schema.org", "@graph": [{"@type": "WebSite", "name": "Gazette"},
            {"@type": ["NewsArticle"], "headline": "The weir, in full", "datePublished": "2026-11-29",
            "author": [{"@type": "Person", "name": "Maria Okafor"}, {"@type": "Person", "name": "Li Wei"}],
            "articleBody": "\(jsonBody)"}]}</script></head>
            <body><div class="teaser"><p>\(TestPages.paragraphs[0])</p>
            <p><a href="/subscribe">Subscribe to read the rest of this story</a></p></div></body></html>
            """
        let article = try TestPages.extract(page)
        #expect(article.title == "The weir, in full")
        #expect(article.byline == "Maria Okafor, Li Wei")
        #expect(article.published == "2026-11-29")
        #expect(article.text == TestPages.paragraphs.joined(separator: "\n\n"))
        #expect(article.html.hasPrefix("<p>The river authority"))
    }

    @Test func aSingleArticleElementIsPreferredToTheRestOfThePage() throws {
        let longComment = String(
            repeating: "A reader's long reply, with commas, and more commas, and opinions. ", count: 6)
        let page = """
            <html><head><title>The new weir opens | Gazette</title></head><body>\(TestPages.navigation)
            <main><article><h1>The new weir opens</h1>\(TestPages.prose())</article>
            <section class="responses"><p>\(longComment)</p><p>\(longComment)</p></section></main></body></html>
            """
        let article = try TestPages.extract(page)
        #expect(article.text.hasPrefix(TestPages.paragraphs[0]))
        #expect(article.text.hasSuffix(TestPages.paragraphs[3]))
        #expect(!article.text.contains("A reader's long reply"))
    }

    @Test func aForumThreadGivesTheOpeningPostNotTheReplies() throws {
        let page = """
            <html><head><title>How high did the river get? - Valley Forum</title></head><body>
            \(TestPages.navigation)<div class="thread"><div class="post first-post"><div class="post-body">
            \(TestPages.prose())</div></div>
            <div class="replies"><div class="reply"><p>Same here, it came up to the second step of our porch.</p></div>
            <div class="reply"><p>Thanks for posting the levels, very useful, please keep doing it.</p></div></div>
            </div><div class="pagination"><a href="?page=2">Next page</a></div></body></html>
            """
        let article = try TestPages.extract(page)
        #expect(article.title == "How high did the river get?")
        #expect(article.text.hasPrefix(TestPages.paragraphs[0]))
        #expect(article.text.hasSuffix(TestPages.paragraphs[3]))
        for other in ["second step", "Thanks for posting", "Next page", "Weather today"] {
            #expect(!article.text.contains(other), "\(other) is not the opening post's")
        }
    }

    @Test func aPageOfLinksHoldsNoArticle() {
        let links = (1...60).map {
            "<li><a href=\"/story/\($0)\">Story number \($0) about the valley and its river</a></li>"
        }
        let page = """
            <html><head><title>Valley Gazette: front page</title></head><body>\(TestPages.navigation)
            <div class="headlines"><ul>\(links.joined())</ul></div>
            <form action="/login"><input name="user"><button>Sign in</button></form></body></html>
            """
        #expect(throws: ExtractionError.noArticle) { try TestPages.extract(page) }
    }
}
