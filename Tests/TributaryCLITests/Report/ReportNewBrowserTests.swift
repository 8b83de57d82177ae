import Foundation
import Testing
import Tributary
import TributaryRendering
import TributaryTesting

/// What is new, in the HTML report as a person sees it in headless chromium: the badges,
/// each chip's "N new", and the "New only" switch with the search and the source chips.
@Suite(.serialized) struct ReportNewBrowserTests {
    /// Two sources on 127.0.0.1: `/g.xml` gains items when told, `/s.xml` never changes.
    final class Upstream: @unchecked Sendable {
        private let lock = NSLock()
        private var posts = 3
        func grow(by extra: Int) { lock.withLock { posts += extra } }

        func feed(_ path: String) -> String? {
            let titles: [String]
            switch path {
            case "/g.xml": titles = (1...lock.withLock { posts }).map { "Post \($0)" }
            case "/s.xml": titles = ["Note 1", "Note 2"]
            default: return nil
            }
            let items = titles.map { title in
                let link = "https://example.org/" + title.split(separator: " ").joined()
                return "<item><title>\(title)</title><link>\(link)</link></item>"
            }
            return #"<rss version="2.0"><channel><title>t</title>\#(items.joined())</channel></rss>"#
        }
    }

    @Test func theSecondReportMarksTheTwoNewPostsAndTheSwitchShowsOnlyThem() async throws {
        guard let chromium = Chromium.require() else { return }
        let upstream = Upstream()
        let folder = try TributaryBinary.config("{}").deletingLastPathComponent()
        let report = folder.appendingPathComponent("report.html")
        let server = try await LocalHTTPServer.start { request in
            if let feed = upstream.feed(request.path) { return .text(feed, contentType: "application/rss+xml") }
            let files = ["/report.html": ((try? Data(contentsOf: report)) ?? Data(), "text/html")]
            return ReportNewHarness.response(for: request.path, files: files)
        }
        defer { Task { await server.shutdown() } }
        let config = folder.appendingPathComponent("feeds.json")
        try Data(
            #"""
            {"title": "New items", "sources": [{"id": "g", "type": "feed", "url": "\#(server.baseURL)/g.xml"},
                                              {"id": "s", "type": "feed", "url": "\#(server.baseURL)/s.xml"}]}
            """#.utf8
        ).write(to: config)
        let state = folder.appendingPathComponent("state.sqlite").path
        let arguments = ["report", "--config", config.path, "--state", state, "--no-cache", "--out", report.path]
        let first = try await TributaryBinary.run(arguments)
        #expect(first.status == 0, "stderr: \(first.stderr)")
        upstream.grow(by: 2)
        let second = try await TributaryBinary.run(arguments)
        #expect(second.status == 0, "stderr: \(second.stderr)")

        let url = ReportNewHarness.url(server, page: "report.html", query: "5", source: "g")
        let results = try ReportNewHarness.results(in: await offPool { try chromium.dumpDOM(url) })
        #expect(results.scriptRan, "the inline script did not run: its CSP hash is wrong")
        #expect(results.items == 7 && results.marked == 2)
        #expect(results.badges == 2 && results.timelineBadges == 2)
        #expect(results.badgedTitles.sorted() == ["Post 4", "Post 5"])
        #expect(results.chips == [.init(source: "g", fresh: "2 new"), .init(source: "s", fresh: nil)])
        #expect(results.hiddenNotNewWhenOn == 5, "the switch hides exactly the 5 items seen before")
        #expect(results.shownNewWhenOn == 2)
        #expect(results.shownLabelWhenOn == "2 of 7 items")
        #expect(results.visibleWhenOnWithSearch == 1, "new only and the search: Post 5")
        #expect(results.visibleWhenOnWithSourceOff == 0 && results.noMatchShownWhenNothingLeft)
        #expect(results.visibleWhenOff == 7)
    }

    @Test func theGalleryListsAndTimelineShowTheBadgeInLightAndDark() async throws {
        guard let chromium = Chromium.require() else { return }
        let folder = try TributaryBinary.config("{}").deletingLastPathComponent()
        let report = folder.appendingPathComponent("report.html")
        let server = try await LocalHTTPServer.start { request in
            var files = ["/report.html": ((try? Data(contentsOf: report)) ?? Data(), "text/html")]
            for (index, png) in SampleDigest.thumbnails.enumerated() {
                files["/thumb-\(index + 1).png"] = (png, "image/png")
            }
            return ReportNewHarness.response(for: request.path, files: files)
        }
        defer { Task { await server.shutdown() } }
        var digest = SampleDigest.digest(images: server.baseURL)
        let newIDs: Set = ["flickr:1", "flickr:4", "so-swift:1", "x:1"]
        digest.memory = DigestMemory(digest.items) { item in
            ItemMemory(firstSeen: digest.generatedAt, isNew: newIDs.contains(item.id), isRead: false)
        }
        try Data(try HTMLReportRenderer().render(digest).utf8).write(to: report)

        let url = ReportNewHarness.url(server, page: "report.html", query: "harbour", source: "flickr")
        let page = server.baseURL.appendingPathComponent("report.html")
        let shots = [
            Chromium.Shot(page: page, file: try ReportBrowserTests.artifact("report-new-desktop.png"), height: 1000),
            Chromium.Shot(
                page: page, file: try ReportBrowserTests.artifact("report-new-dark.png"), height: 1000, dark: true),
        ]
        async let screenshots: Void = chromium.screenshots(shots)  // beside the checks, not after them
        let results = try ReportNewHarness.results(in: await offPool { try chromium.dumpDOM(url) })
        #expect(results.scriptRan && results.badges == 4 && results.timelineBadges == 4)
        #expect(
            results.badgedTitles.sorted() == [
                "Harbour at dawn", "Lanterns, night market", "Shipping the new harbour timelapse tonight 🌅",
                #"What's the difference between "let" & "var" in Swift?"#,
            ])
        #expect(results.hiddenNotNewWhenOn == results.items - 4 && results.shownNewWhenOn == 4)
        #expect(results.visibleWhenOnWithSearch == 2, "the new harbour photo and the new harbour post")
        try await screenshots
    }
}
