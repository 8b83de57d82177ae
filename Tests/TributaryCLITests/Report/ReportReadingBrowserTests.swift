import Foundation
import Testing
import Tributary
import TributaryRendering
import TributaryTesting

/// How the report reads in headless chromium, on a desktop (1280 px) and a phone (390 px),
/// in light and dark: right-to-left titles, the timeline view, the sources' tally, failure
/// reasons on tap, and pictures that fail. Screenshots go to `.build/report-artifacts/`.
@Suite(.serialized) struct ReportReadingBrowserTests {
    /// Serves `ReadingDigest`'s report with the one picture that exists; `missing-*` are 404s.
    static func serveReport() async throws -> LocalHTTPServer {
        let report = try ReportBrowserTests.artifact("reading.html")
        let server = try await LocalHTTPServer.start { request in
            let files = [
                "/reading.html": ((try? Data(contentsOf: report)) ?? Data(), "text/html"),
                "/thumb-1.png": (SampleDigest.thumbnails[0], "image/png"),
            ]
            return ReportReadingHarness.response(for: request.path, files: files)
        }
        let digest = ReadingDigest.digest(images: server.baseURL)
        try Data(try HTMLReportRenderer().render(digest).utf8).write(to: report)
        return server
    }

    @Test func onADesktopTitlesReadInTheirDirectionAndTheTimelineIsAView() async throws {
        guard let chromium = Chromium.require() else { return }
        let server = try await Self.serveReport()
        defer { Task { await server.shutdown() } }
        let url = ReportReadingHarness.url(server, page: "reading.html", width: 1280)
        // Without the script, CSS draws the placeholder over a broken picture (checked by eye: reading-no-script.png).
        let html = try String(contentsOf: ReportBrowserTests.artifact("reading.html"), encoding: .utf8)
        let scriptless = try ReportBrowserTests.artifact("reading-no-script.html")
        let withoutScript = html.replacingOccurrences(
            of: #"<script>[\s\S]*</script>"#, with: "", options: .regularExpression)
        try Data(withoutScript.utf8).write(to: scriptless)
        let bare = Chromium.Shot(
            page: scriptless, file: try ReportBrowserTests.artifact("reading-no-script.png"), height: 700)
        let shots = try Self.shots(server, name: "reading-desktop", width: 1280) + [bare]
        async let screenshots: Void = chromium.screenshots(shots)  // beside the checks, not after them
        let results = try ReportReadingHarness.results(in: await offPool { try chromium.dumpDOM(url) })
        #expect(results.scriptRan)
        #expect(results.titles.filter(\.rtl).count == 3)
        for title in results.titles { #expect(title.direction == (title.rtl ? "rtl" : "ltr")) }
        #expect(!results.timelineShownAtStart && results.itemsShownAtStart == 7)
        #expect(results.timelineShownAfterToggle && results.itemsShownAfterToggle == 0)
        #expect(results.entriesShownAfterToggle == 7)
        #expect(results.splitSources == 0, "a source id beside an Arabic title is drawn in one piece")
        #expect(!results.tallyShown && results.chipsShownAtStart, "a desktop shows every chip")
        #expect(results.reasonCutAtStart && results.reasonWholeAfterTap)
        #expect(results.noMatchText == "No items match: the search “nothing like this”, 1 source turned off.")
        Self.expectTidyPictures(results)
        try await screenshots
    }

    @Test func onAPhoneTheChipsAreOneTallyAndAFailureReadsWholeOnTap() async throws {
        guard let chromium = Chromium.require() else { return }
        let server = try await Self.serveReport()
        defer { Task { await server.shutdown() } }
        let url = ReportReadingHarness.url(server, page: "reading.html", width: 390)
        async let screenshots: Void = chromium.screenshots(try Self.shots(server, name: "reading-phone", width: 390))
        let results = try ReportReadingHarness.results(in: await offPool { try chromium.dumpDOM(url) })
        #expect(results.tallyShown && results.tallyText == "5 ok · 1 failed · 1 skipped")
        #expect(!results.chipsShownAtStart && results.chipsShownAfterTap)
        #expect(results.reasonCutAtStart && results.reasonWholeAfterTap)
        #expect(results.pageWidth <= 390, "nothing wider than the phone: \(results.pageWidth) px")
        #expect(results.heightTimeline < results.heightByKind * 2, "one view at a time")
        Self.expectTidyPictures(results)
        try await screenshots
    }

    static func expectTidyPictures(_ results: ReportReadingHarness.Results) {
        #expect(results.brokenImages == 0, "no broken-image icon")
        #expect(results.placeholders == 3, "the missing photo's tile and lightbox, and the missing avatar")
        #expect(results.loadedImages == 2, "the other photo's tile and lightbox")
        #expect(results.brokenInLightbox == 0, "the missing photo's lightbox shows no broken image either")
    }

    /// Light and dark screenshots of the report at `width`.
    static func shots(_ server: LocalHTTPServer, name: String, width: Int) throws -> [Chromium.Shot] {
        let page = server.baseURL.appendingPathComponent("reading.html")
        return try [false, true].map { dark in
            let file = try ReportBrowserTests.artifact("\(name)\(dark ? "-dark" : "").png")
            return Chromium.Shot(page: page, file: file, width: width, height: 1200, dark: dark)
        }
    }
}
