import Foundation
import Testing
import TributaryTesting

/// `serve`'s page on a phone, in headless Chromium at 390 × 844 CSS pixels: every item
/// shows its controls, labelled, large enough to touch (24 × 24 px at least, WCAG 2.2's
/// target size minimum) and not stretched, inside the window; and a screenshot a person
/// can look at (`serve-phone.png` among the browser tests' artifacts).
@Suite(.serialized) struct ServePhoneBrowserTests {
    struct Control: Decodable {
        var label: String
        var width: Double
        var height: Double
        var right: Double
    }

    /// What the harness page saw; a step it did not reach leaves its field nil.
    struct Results: Decodable {
        var windowWidth: Double?
        var rows: Int?
        var rowsWithMarkRead: Int?
        var controls: [Control]?
        var error: String?
    }

    static let script = #"""
        let appWindow = null;
        const app = () => appWindow.document;
        const rows = () => Array.from(app().querySelectorAll(".bykind li.row[data-item]")).filter((row) => !row.hidden);
        (async () => {
          appWindow = window.open(serveURL, "app", "width=390,height=844");
          await wait(() => app().readyState === "complete" && rows().length === 6, 20000);
          results.windowWidth = appWindow.innerWidth;
          results.rows = rows().length;
          results.rowsWithMarkRead = rows().filter((row) => row.querySelector("button.markread")).length;
          results.controls = rows().flatMap((row) => Array.from(row.querySelectorAll(".actions button")))
            .map((button) => {
              const box = button.getBoundingClientRect();
              return { label: button.textContent.trim(), width: box.width, height: box.height, right: box.right };
            });
        })().catch((error) => { results.error = String(error); }).finally(() => {
          fetch("/done", { method: "POST", body: JSON.stringify(results) });
        });
        """#

    @Test func everyItemHasLabelledControlsSizedForTouch() async throws {
        guard let chromium = Chromium.require() else { return }
        let feed = ServeKeyboardBrowserTests.Feed()
        let harness = try await HarnessServer.start { request in
            request.path == "/feed.xml" ? .text(feed.body, contentType: "application/rss+xml") : nil
        }
        defer { Task { await harness.shutdown() } }
        let config = try TributaryBinary.config(
            #"{"title": "Phone", "sources": [{"id": "p", "type": "feed", "url": "\#(harness.server.baseURL)/feed.xml"}]}"#
        )
        let serve = try await ServeHarness.start(config: config)
        let page = """
            <!doctype html><meta charset="utf-8"><title>harness</title><img src="/wait" alt="">
            <script>const serveURL = "\(serve.base.absoluteString)";
            \(HarnessServer.prelude)
            \(Self.script)</script>
            """
        let seen = try await harness.run(page, in: chromium, as: Results.self)
        #expect(seen.error == nil, "\(seen.error ?? "")")
        let width = try #require(seen.windowWidth)
        #expect(width <= 400, "a phone's width: \(width)")
        #expect(seen.rows == 6 && seen.rowsWithMarkRead == 6, "every item has its controls: \(seen)")
        let controls = seen.controls ?? []
        #expect(controls.count >= 6)
        for control in controls {
            #expect(!control.label.isEmpty, "labelled")
            #expect(control.width >= 24 && control.height >= 24, "large enough to touch: \(control)")
            #expect(control.width <= control.height * 6, "not stretched across the row: \(control)")
            #expect(control.right <= width, "inside the window: \(control)")
        }
        try chromium.screenshot(
            serve.base, to: try ReportBrowserTests.artifact("serve-phone.png"), width: 390, height: 1400, live: true)
        let png = try Data(contentsOf: try ReportBrowserTests.artifact("serve-phone.png"))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "a PNG was taken")
        _ = try await serve.stop()
    }
}
