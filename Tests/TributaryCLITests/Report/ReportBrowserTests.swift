import Foundation
import Testing
import Tributary
import TributaryRendering
import TributaryTesting
import TributaryNetwork

/// The HTML report as a person sees it: loaded in headless chromium, searched, toggled,
/// sorted and clicked. Screenshots go to `.build/report-artifacts/`.
@Suite(.serialized) struct ReportBrowserTests {
    static let artifacts = TributaryBinary.root.appendingPathComponent(".build/report-artifacts")

    static let questions = #"""
        {"items": [
          {"question_id": 1, "title": "Why does my actor&#39;s property read a stale value?", "link": "https://stackoverflow.com/q/1",
           "creation_date": 1795300000, "score": 14, "answer_count": 3, "tags": ["swift", "actor"],
           "owner": {"display_name": "Mira Okafor", "profile_image": "AVATAR/avatar-1.png"}},
          {"question_id": 2, "title": "<img src=x onerror=alert(1)>", "link": "javascript:alert(1)", "creation_date": 1795310000,
           "score": 2, "tags": ["<b>bold</b>"], "owner": {"display_name": "<script>document.title='pwned'</script>", "profile_image": "AVATAR/missing.png"}},
          {"question_id": 3, "title": "Decoding dates with Codable", "link": "https://stackoverflow.com/q/3", "creation_date": 1795290000,
           "score": 30, "tags": ["swift", "codable"], "owner": {"display_name": "Lars Berg"}}
        ]}
        """#

    @Test func theBinarysReportWorksOfflineAndRendersHostileTextAsText() async throws {
        guard let chromium = Chromium.require() else { return }
        let folder = try TributaryBinary.config("{}").deletingLastPathComponent()
        let report = folder.appendingPathComponent("report.html")
        let server = try await LocalHTTPServer.start { request in
            let base = "http://\(request.headers["host"] ?? "")"
            if request.path.hasPrefix("/2.3/") {
                return .body(
                    Data(Self.questions.replacingOccurrences(of: "AVATAR", with: base).utf8),
                    contentType: "application/json")
            }
            let files = [
                "/avatar-1.png": (SampleDigest.thumbnails[0], "image/png"),
                "/report.html": ((try? Data(contentsOf: report)) ?? Data(), "text/html"),
            ]
            return ReportHarness.response(for: request.path, files: files)
        }
        defer { Task { await server.shutdown() } }
        let config = folder.appendingPathComponent("feeds.json")
        try Data(
            (#"{"title": "Browser test", "sources": [{"id": "so", "type": "stackoverflow", "baseURL": "#
                + #""\#(server.baseURL)"}]}"#)
                .utf8
        ).write(to: config)
        let run = try await TributaryBinary.run([
            "report", "--config", config.path, "--out", report.path, "--embed-images",
        ])
        #expect(run.status == 0, "stderr: \(run.stderr)")

        let url = Self.harness(server, page: "report.html", query: "codable")
        let shot = Chromium.Shot(page: report, file: try Self.artifact("report-questions.png"), height: 900)
        async let screenshots: Void = chromium.screenshots([shot])  // beside the checks, not after them
        let results = try ReportHarness.results(in: await offPool { try chromium.dumpDOM(url) })
        #expect(results.cards + results.rows == 3)
        Self.expectWorking(results)
        #expect(results.resources.isEmpty, "requests left the page: \(results.resources)")
        #expect(
            Set(server.requests.map(\.path)).isSubset(of: [
                "/2.3/questions", "/avatar-1.png", "/missing.png", "/harness.html", "/report.html",
            ]))
        try await screenshots
    }

    @Test func theGalleryOpensAPhotoAndEverySectionFilters() async throws {
        guard let chromium = Chromium.require() else { return }
        let folder = try TributaryBinary.config("{}").deletingLastPathComponent()
        let report = folder.appendingPathComponent("report.html")
        let server = try await LocalHTTPServer.start { request in
            var files = ["/report.html": ((try? Data(contentsOf: report)) ?? Data(), "text/html")]
            for (index, png) in SampleDigest.thumbnails.enumerated() where index != 3 {
                files["/thumb-\(index + 1).png"] = (png, "image/png")
                files["/photo-\(index + 1).png"] = (png, "image/png")
            }
            return ReportHarness.response(for: request.path, files: files)
        }
        defer { Task { await server.shutdown() } }
        let digest = SampleDigest.digest(images: server.baseURL)
        let http = HTTPClient(transport: CurlTransport(userAgent: HTTPClient.userAgent))
        let images = await ImageEmbedder(fetcher: ThumbnailFetcher(sharing: http)).embed(digest)
        try Data(try HTMLReportRenderer().render(digest, images: images).utf8).write(to: report)

        let url = Self.harness(server, page: "report.html", query: "harbour")
        let page = server.baseURL.appendingPathComponent("report.html")
        let shots = [
            Chromium.Shot(page: page, file: try Self.artifact("report-desktop.png")),
            Chromium.Shot(page: page, file: try Self.artifact("report-phone.png"), width: 390, height: 1400),
            Chromium.Shot(page: page, file: try Self.artifact("report-dark.png"), dark: true),
        ]
        async let screenshots: Void = chromium.screenshots(shots)  // beside the checks, not after them
        let results = try ReportHarness.results(in: await offPool { try chromium.dumpDOM(url) })
        #expect(results.cards == 5 && results.cards + results.rows == digest.items.count)
        #expect(results.lightboxShown == true)
        Self.expectWorking(results)
        #expect(
            results.resources.allSatisfy { $0.hasPrefix(server.baseURL.absoluteString + "/photo-") },
            "only the opened photo, from 127.0.0.1: \(results.resources)")
        try await screenshots
    }

    static func expectWorking(_ results: ReportHarness.Results) {
        #expect(results.title != "pwned")
        #expect(results.scriptRan, "the inline script did not run: its CSP hash is wrong")
        #expect(results.entries == results.cards + results.rows, "the timeline lists every item")
        #expect(results.hiddenAtStart == 0)
        #expect(results.hiddenRightAfterTyping == 0, "search is throttled")
        #expect(results.matching > 0 && results.visibleAfterSearch == results.matching)
        #expect(results.visibleAfterClearing == results.cards + results.rows)
        #expect(results.toggledSourceItems > 0 && results.hiddenAfterToggle == results.toggledSourceItems)
        #expect(results.sortedByScore)
        #expect(results.hostileShownAsText)
        #expect(results.injectedElements == 0)
        #expect(results.nonWebLinks == 0)
    }

    static func harness(_ server: LocalHTTPServer, page: String, query: String) -> URL {
        URL(string: "\(server.baseURL)/harness.html?page=\(page)&query=\(query)")!
    }

    static func artifact(_ name: String) throws -> URL {
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        return artifacts.appendingPathComponent(name)
    }
}
