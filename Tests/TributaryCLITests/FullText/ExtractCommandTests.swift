import Foundation
import Testing
import TributaryTesting

/// `tributary extract URL|FILE`: the article of a page, from a file or from 127.0.0.1,
/// as text, cleaned HTML and JSON; a page with no article is exit 1.
@Suite struct ExtractCommandTests {
    static let first =
        "The ferry across the estuary will run every half hour from Monday, the harbour board said, "
        + "after a summer in which queues on the quay often reached the station and tempers frayed, twice."
    static let last =
        "The board will review the timetable in March, when the winter figures are in, and has "
        + "promised to publish them in full, with the complaints it received, on its own website."
    static let middle =
        "Captains welcomed the change, though several said the older boats would need new engines, "
        + "and the board has not said who will pay for them, or when the work could be done."

    static let page = """
        <!doctype html><html><head><title>Ferry every half hour | Harbour News</title>
        <meta name="author" content="Ines Duarte"><meta property="article:published_time" content="2026-11-28">
        </head><body><nav><a href="/">Home</a> <a href="/ports">Ports</a></nav>
        <div class="article-content"><h1>Ferry every half hour</h1><p>\(first)</p><p>\(middle)</p>
        <p>\(last) <a href="/timetable">Timetable</a> <a href="javascript:alert(1)">Play</a></p>
        <script>alert("ran")</script></div>
        <div id="comments"><p>First comment, I queued for an hour on Sunday and missed my train.</p></div>
        </body></html>
        """

    static func file(_ html: String) throws -> URL {
        let file = Scratch.folder.appendingPathComponent("extract-\(UUID().uuidString).html")
        try Data(html.utf8).write(to: file)
        return file
    }

    @Test func aFileIsPrintedAsTitleBylineDateAndParagraphs() async throws {
        let result = try await TributaryBinary.run(["extract", try Self.file(Self.page).path])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(
            result.stdout.hasPrefix(
                "Ferry every half hour\nInes Duarte\n2026-11-28\n\n\(Self.first)\n\n\(Self.middle)\n\n\(Self.last)"))
        #expect(!result.stdout.contains("First comment") && !result.stdout.contains("Ports"))
        #expect(result.stderr.isEmpty)
    }

    @Test func jsonCarriesEveryFieldAndCleanedHTML() async throws {
        let result = try await TributaryBinary.run([
            "extract", try Self.file(Self.page).path, "--format", "json", "--url", "https://harbour.example/news/ferry",
        ])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(json["title"] as? String == "Ferry every half hour")
        #expect(json["byline"] as? String == "Ines Duarte")
        #expect(json["published"] as? String == "2026-11-28")
        let text = try #require(json["text"] as? String)
        #expect(text.hasPrefix(Self.first) && text.hasSuffix(Self.last + " Timetable Play"))
        #expect(json["length"] as? Int == text.count)
        let html = try #require(json["html"] as? String)
        #expect(html.contains(#"<a href="https://harbour.example/timetable">Timetable</a>"#))
        #expect(!html.contains("javascript") && !html.contains("<script") && !html.contains("alert"))
    }

    @Test func htmlIsAPageThatLetsNothingRun() async throws {
        let result = try await TributaryBinary.run(["extract", try Self.file(Self.page).path, "--format", "html"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains(#"content="default-src 'none'; img-src http: https:""#))
        #expect(
            result.stdout.contains("<h1>Ferry every half hour</h1>\n<p>Ines Duarte · 2026-11-28</p>\n<div><p>The ferry")
        )
        #expect(!result.stdout.contains("<script"))
    }

    @Test func anAddressIsFetchedAndItsLinksResolveAgainstIt() async throws {
        let server = try await LocalHTTPServer.start { request in
            request.path == "/news/ferry" ? .text(Self.page, contentType: "text/html") : .text("no", status: 404)
        }
        let address = server.baseURL.absoluteString + "/news/ferry"
        let result = try await TributaryBinary.run(["extract", address, "--format", "html"])
        await server.shutdown()
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains(#"<a href="\#(server.baseURL.absoluteString)/timetable">"#))
        #expect(server.requests.count == 1)
    }

    @Test func aPageWithoutAnArticleIsExitOneWithAReason() async throws {
        let links = (1...40).map { "<li><a href=\"/\($0)\">Headline number \($0) of the day</a></li>" }.joined()
        let page = try Self.file("<html><body><nav><ul>\(links)</ul></nav></body></html>")
        let result = try await TributaryBinary.run(["extract", page.path])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("the page holds no article"))
    }

    @Test func aFailedFetchIsExitOneNamingTheStatus() async throws {
        let server = try await LocalHTTPServer.start { _ in .text("gone", status: 404) }
        let result = try await TributaryBinary.run(["extract", server.baseURL.absoluteString + "/missing"])
        await server.shutdown()
        #expect(result.status == 1)
        #expect(result.stderr.contains("404"), "stderr: \(result.stderr)")
    }

    @Test func badArgumentsAreRefusedWithTheFix() async throws {
        let result = try await TributaryBinary.run(["extract", "page.html", "--url", "ftp://x.example/"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--url ftp://x.example/ is not an http or https address"))
        let missing = try await TributaryBinary.run(["extract", "/nonexistent/page.html"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("cannot read /nonexistent/page.html"))
    }

    @Test func helpNamesTheFormats() async throws {
        let result = try await TributaryBinary.run(["extract", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("--format <format>") && result.stdout.contains("text, html, json"))
    }
}
