import Foundation
import Testing
import TributaryTesting

/// A `fullText` article from a hostile page, in the report as chromium runs it: the
/// article's text is there, and nothing the page carried runs or stays.
@Suite(.serialized) struct FullTextBrowserTests {
    static let hostile = """
        <html><head><title>Weir</title><script>document.documentElement.setAttribute("data-pwned", "head")</script>
        </head><body onload="document.documentElement.setAttribute('data-pwned', 'onload')"><article>
        <p>The weir on the valley river was rebuilt this autumn, stone by stone, by the people who live beside it,
        and the work took longer than anyone in the village had planned, because the river rose twice.</p>
        <p onmouseover="document.documentElement.setAttribute('data-pwned', 'hover')">Each stone was numbered,
        lifted, cleaned, and set back where it had been, with lime mortar mixed the way it was a century ago.</p>
        <img src="x" onerror="document.documentElement.setAttribute('data-pwned', 'onerror')">
        <svg><script>document.documentElement.setAttribute("data-pwned", "svg")</script></svg>
        <iframe srcdoc="<script>parent.document.documentElement.setAttribute('data-pwned', 'iframe')</script>"></iframe>
        <p><a href="javascript:document.documentElement.setAttribute('data-pwned', 'link')">Read more</a> about
        the river, its floods, its fish, and the mill that the weir once fed, now a house with a garden.</p>
        <script>document.documentElement.setAttribute("data-pwned", "body")</script>
        </article></body></html>
        """

    @Test func aHostileArticleShowsAsTextAndNothingOfItRuns() async throws {
        guard let chromium = Chromium.require() else { return }
        let server = try await LocalHTTPServer.start { request in
            let base = "http://" + (request.headers["host"] ?? "127.0.0.1")
            if request.path == "/feed.xml" {
                let feed =
                    #"<rss version="2.0"><channel><title>Valley</title><item><title>The weir</title>"#
                    + "<link>\(base)/weir</link><description>Teaser.</description></item></channel></rss>"
                return .text(feed, contentType: "application/rss+xml")
            }
            return .text(Self.hostile, contentType: "text/html")
        }
        defer { Task { await server.shutdown() } }
        let config = try TributaryBinary.config(
            #"{"sources": [{"id": "v", "type": "feed", "url": "\#(server.baseURL)/feed.xml", "fullText": true}]}"#)
        let report = config.deletingLastPathComponent().appendingPathComponent("report.html")
        let run = try await TributaryBinary.run([
            "report", "--config", config.path, "--out", report.path, "--no-state", "--no-cache",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let dom = try await offPool { try chromium.dumpDOM(report) }
        #expect(dom.contains("Each stone was numbered"), "the article is in the page")
        #expect(!dom.contains("data-pwned"), "something of the page ran: \(dom)")
        for leftover in ["onerror", "onmouseover", "javascript:", "<iframe", "<svg", "srcdoc"] {
            #expect(!dom.contains(leftover), "\(leftover) reached the report")
        }
    }
}
