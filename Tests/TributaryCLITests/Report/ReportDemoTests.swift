import Foundation
import Testing
import TributaryTesting

/// The README's offline demo, `report --replay Recordings`: its gallery and avatars are real
/// pictures from the recordings, embedded without being asked, and it shows no broken image.
@Suite(.serialized) struct ReportDemoTests {
    @Test func theReplayedReportShowsRecordedPicturesInlineAndOffline() async throws {
        let folder = try TributaryBinary.config("{}").deletingLastPathComponent()
        let out = folder.appendingPathComponent("demo.html")
        let result = try await Self.report(to: out, in: folder)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let html = try String(contentsOf: out, encoding: .utf8)
        let photos = Self.count(#"<li class="card""#, in: html)
        #expect(photos >= 20)
        #expect(Self.count(##"<a class="thumb" href="#view-i"##, in: html) == photos)
        #expect(Self.count(#"<img src="data:image/jpeg;base64,"#, in: html) == photos, "every tile a picture")
        #expect(!html.contains(#"<span class="placeholder">"#))
        #expect(Self.count(#"<img class="avatar" src="data:image/png;base64,"#, in: html) >= 20)
        #expect(!html.contains(#"<img class="avatar" src="http"#), "no avatar asks the web")
        #expect(html.contains("img-src https: http: data:;"))
        let linked = try await Self.report(to: out, in: folder, ["--no-embed-images"])
        #expect(linked.status == 0)
        #expect(try !String(contentsOf: out, encoding: .utf8).contains("data:image/jpeg"), "--no-embed-images links")
    }

    @Test func theDemoShowsEveryPictureOnADesktopAndAPhoneInLightAndDark() async throws {
        guard let chromium = Chromium.require() else { return }
        let folder = try TributaryBinary.config("{}").deletingLastPathComponent()
        let out = folder.appendingPathComponent("demo.html")
        #expect(try await Self.report(to: out, in: folder).status == 0)
        let server = try await LocalHTTPServer.start { request in
            let files = ["/demo.html": ((try? Data(contentsOf: out)) ?? Data(), "text/html")]
            return ReportReadingHarness.response(for: request.path, files: files)
        }
        defer { Task { await server.shutdown() } }
        let shots = try [1280, 390].flatMap { width in
            try [false, true].map { dark in
                let name = "demo-\(width == 390 ? "phone" : "desktop")\(dark ? "-dark" : "").png"
                return Chromium.Shot(
                    page: out, file: try ReportBrowserTests.artifact(name), width: width, height: 1400, dark: dark)
            }
        }
        async let screenshots: Void = chromium.screenshots(shots)  // beside the checks, not after them
        let desktopURL = ReportReadingHarness.url(server, page: "demo.html", width: 1280)
        let phoneURL = ReportReadingHarness.url(server, page: "demo.html", width: 390)
        async let desktop = offPool { try chromium.dumpDOM(desktopURL) }
        async let phone = offPool { try chromium.dumpDOM(phoneURL) }
        for (width, dom) in [(1280, try await desktop), (390, try await phone)] {
            let results = try ReportReadingHarness.results(in: dom)
            #expect(results.brokenImages == 0 && results.placeholders == 0, "\(width) px")
            #expect(results.loadedImages >= 40, "\(width) px: \(results.loadedImages) pictures")
            #expect(results.lightboxPictures >= 20, "offline, a lightbox shows the embedded thumbnail")
        }
        try await screenshots
    }

    /// Runs the README's demo with the shipped feeds.json and recordings, and `extra` arguments.
    static func report(to out: URL, in folder: URL, _ extra: [String] = []) async throws -> TributaryBinary.Result {
        let root = TributaryBinary.root
        return try await TributaryBinary.run(
            [
                "report", "--config", root.appendingPathComponent("feeds.json").path, "--no-state",
                "--replay", root.appendingPathComponent("Recordings").path, "--out", out.path, "-q",
            ] + extra, in: folder)
    }

    static func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }
}
