import Foundation
import Testing
import TributaryTesting

/// `fullText` through the binary, over a loopback blog whose feed carries one-line
/// summaries: the articles show in JSON, the report and Atom; no page is fetched twice;
/// `fullTextPerRun` spreads the pages over runs; a page that fails keeps the summary.
@Suite struct FullTextRunTests {
    /// A blog of `count` posts: `/feed.xml` with one-line summaries, `/post/N` the
    /// article with navigation and comments around it; counts each page's requests.
    final class Blog: @unchecked Sendable {
        private let lock = NSLock()
        private var requests: [String: Int] = [:]
        let count: Int
        let missing: Set<Int>

        init(count: Int, missing: Set<Int> = []) {
            self.count = count
            self.missing = missing
        }

        func served(_ path: String) { lock.withLock { requests[path, default: 0] += 1 } }
        var pageRequests: [String: Int] { lock.withLock { requests.filter { $0.key.hasPrefix("/post/") } } }

        func feed(base: String) -> String {
            let items = (1...count).reversed().map { number in
                "<item><title>Post \(number)</title><link>\(base)/post/\(number)</link>"
                    + "<description>Teaser \(number).</description>"
                    + "<pubDate>Mon, 02 Nov 2026 \(String(format: "%02d", number)):00:00 GMT</pubDate></item>"
            }
            return #"<rss version="2.0"><channel><title>Blog</title>\#(items.joined())</channel></rss>"#
        }

        static func page(_ number: Int) -> String {
            let paragraphs = (1...6).map { line in
                "<p>Paragraph \(line) of post \(number) tells the story at length, with commas, clauses, and "
                    + "enough words that a reader would call it prose rather than a teaser or a caption.</p>"
            }
            return """
                <html><head><title>Post \(number) - Blog</title><script>alert("page")</script></head><body>
                <nav class="menu"><a href="/">Home</a> <a href="/about">About us</a> <a href="/archive">Archive</a></nav>
                <div class="post-body"><h1>Post \(number)</h1>\(paragraphs.joined())
                <p><a href="javascript:alert(1)" onclick="alert(2)">a hostile link</a></p></div>
                <div id="comments" class="comments"><p>Comment: first!</p></div>
                <footer>Copyright Blog</footer></body></html>
                """
        }
    }

    struct Setup {
        let blog: Blog
        let server: LocalHTTPServer
        let config: URL
        let state: String

        func run(_ arguments: [String]) async throws -> TributaryBinary.Result {
            try await TributaryBinary.run(arguments + ["--config", config.path, "--state", state, "--no-cache"])
        }

        func items(_ extra: [String] = []) async throws -> [[String: Any]] {
            let result = try await run(["digest", "--format", "json"] + extra)
            #expect(result.status == 0, "\(result.stderr)")
            let digest = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            return digest?["items"] as? [[String: Any]] ?? []
        }
    }

    static func setUp(_ blog: Blog, options: String = "") async throws -> Setup {
        let server = try await LocalHTTPServer.start { request in
            blog.served(request.path)
            if request.path == "/feed.xml" {
                let base = "http://" + (request.headers["host"] ?? "127.0.0.1")
                return .text(blog.feed(base: base), contentType: "application/rss+xml")
            }
            guard let number = Int(request.path.dropFirst("/post/".count)), !blog.missing.contains(number) else {
                return .text("gone", status: 404)
            }
            return .text(Blog.page(number), contentType: "text/html; charset=utf-8")
        }
        let config = try TributaryBinary.config(
            #"{"sources": [{"id": "blog", "type": "feed", "url": "\#(server.baseURL)/feed.xml", "fullText": true\#(options)}]}"#
        )
        let state = config.deletingLastPathComponent().appendingPathComponent("state.sqlite").path
        return Setup(blog: blog, server: server, config: config, state: state)
    }

    @Test func articlesShowInJSONTheReportAndAtomAndNoPageIsFetchedTwice() async throws {
        let setup = try await Self.setUp(Blog(count: 3))
        defer { Task { await setup.server.shutdown() } }
        let items = try await setup.items()
        #expect(items.count == 3)
        for item in items {
            let content = try #require(item["content"] as? String, "\(item)")
            let number = try #require((item["title"] as? String)?.split(separator: " ").last)
            #expect(
                content.contains("Paragraph 1 of post \(number)") && content.contains("Paragraph 6 of post \(number)"))
            #expect(!content.contains("About us") && !content.contains("first!") && !content.contains("Copyright"))
            #expect(!content.contains("javascript:") && !content.contains("onclick") && !content.contains("alert"))
            #expect(item["summary"] as? String == "Teaser \(number).")
        }
        #expect(setup.blog.pageRequests == ["/post/1": 1, "/post/2": 1, "/post/3": 1])

        let report = setup.config.deletingLastPathComponent().appendingPathComponent("digest.html")
        let reported = try await setup.run(["report", "--out", report.path])
        #expect(reported.status == 0, "\(reported.stderr)")
        let html = try String(contentsOf: report, encoding: .utf8)
        #expect(html.contains("Read the article") && html.contains("<p>Paragraph 6 of post 3"))
        #expect(!html.contains("alert(1)") && !html.contains("alert(2)"))

        let atom = try await setup.run(["digest", "--format", "atom"])
        #expect(atom.status == 0, "\(atom.stderr)")
        #expect(atom.stdout.contains(#"<content type="html">&lt;div&gt;&lt;h1&gt;Post 3"#), "\(atom.stdout)")
        #expect(atom.stdout.contains("&lt;p&gt;Paragraph 6 of post 3"))
        #expect(setup.blog.pageRequests == ["/post/1": 1, "/post/2": 1, "/post/3": 1], "later runs fetch no page")
    }

    @Test func fullTextPerRunSpreadsThePagesOverRunsNewestFirst() async throws {
        let setup = try await Self.setUp(Blog(count: 3), options: #", "fullTextPerRun": 2"#)
        defer { Task { await setup.server.shutdown() } }
        let first = try await setup.run(["digest", "--format", "json", "-v"])
        #expect(first.stderr.contains("1 more pages wait for later runs"), "\(first.stderr)")
        #expect(setup.blog.pageRequests == ["/post/3": 1, "/post/2": 1])
        let second = try await setup.items()
        #expect(second.allSatisfy { $0["content"] is String })
        #expect(setup.blog.pageRequests == ["/post/3": 1, "/post/2": 1, "/post/1": 1])
    }

    @Test func aPageThatFailsKeepsTheSummaryAndSaysWhyInVerbose() async throws {
        let setup = try await Self.setUp(Blog(count: 2, missing: [1]))
        defer { Task { await setup.server.shutdown() } }
        let result = try await setup.run(["digest", "--format", "json", "-v"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("/post/1: the page answered HTTP 404"), "\(result.stderr)")
        let digest = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let items = digest?["items"] as? [[String: Any]] ?? []
        let failed = try #require(items.first { $0["title"] as? String == "Post 1" })
        #expect(failed["content"] == nil && failed["summary"] as? String == "Teaser 1.")
        #expect(items.first { $0["title"] as? String == "Post 2" }?["content"] is String)
    }

    @Test func aSelectorTakesWhatItSelectsInsteadOfTheHeuristicsChoice() async throws {
        let setup = try await Self.setUp(Blog(count: 1), options: ##", "selector": "#comments""##)
        defer { Task { await setup.server.shutdown() } }
        let items = try await setup.items()
        let content = try #require(items.first?["content"] as? String)
        #expect(content.contains("first!") && !content.contains("Paragraph 1"), "\(content)")
    }

    /// A public feed (replayed) whose items link into this machine and a private network:
    /// the pages are refused before any request, and the items keep their summaries.
    @Test func aPublicSourcesLinksIntoThisMachineOrItsNetworkAreRefused() async throws {
        let folder = Scratch.folder.appendingPathComponent("public-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let feed =
            #"<rss version="2.0"><channel><title>p</title>"#
            + "<item><title>Local</title><link>http://127.0.0.1:9/admin</link><description>One.</description></item>"
            + "<item><title>Private</title><link>http://10.0.0.5/x</link><description>Two.</description></item>"
            + "<item><title>Named</title><link>http://localhost:9/x</link><description>Three.</description></item>"
            + "</channel></rss>"
        try Data(feed.utf8).write(to: folder.appendingPathComponent("public.body.xml"))
        let recording = #"""
            {"request": {"method": "GET", "url": "https://blog.example.org/feed.xml"}, "status": 200,
             "headers": {"content-type": "application/rss+xml"}, "body": "public.body.xml"}
            """#
        try Data(recording.utf8).write(to: folder.appendingPathComponent("public.json"))
        let config = try TributaryBinary.config(
            #"{"sources": [{"id": "p", "type": "feed", "url": "https://blog.example.org/feed.xml", "fullText": true}]}"#
        )
        let result = try await TributaryBinary.run([
            "digest", "--config", config.path, "--replay", folder.path, "--no-state", "--format", "json", "-v",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.components(separatedBy: "points into this machine or its network").count == 4)
        #expect(result.stderr.contains("0 of 3 in full"), "\(result.stderr)")
        #expect(!result.stdout.contains(#""content""#))
    }

    @Test func aSelectorThatDoesNotParseOrLacksFullTextNamesTheFieldAndTheFix() async throws {
        let bad = try TributaryBinary.config(
            #"{"sources": [{"id": "b", "type": "feed", "url": "https://example.org/f", "fullText": true, "selector": "div >"}]}"#
        )
        let result = try await TributaryBinary.run(["validate", "--config", bad.path])
        #expect(result.status != 0)
        #expect(result.stderr.contains("sources[0].selector") && result.stderr.contains("a selector is missing"))
        let lone = try TributaryBinary.config(
            #"{"sources": [{"id": "b", "type": "feed", "url": "https://example.org/f", "selector": "article"}]}"#)
        let alone = try await TributaryBinary.run(["validate", "--config", lone.path])
        #expect(alone.status != 0 && alone.stderr.contains(#"is used only with "fullText": true"#), "\(alone.stderr)")
    }
}
