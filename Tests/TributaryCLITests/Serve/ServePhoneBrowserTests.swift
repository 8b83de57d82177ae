import Foundation
import Testing
import TributaryTesting

/// `serve`'s page on a phone, in headless Chromium at 390 × 844 CSS pixels: every item
/// shows its controls, labelled, large enough to touch (24 × 24 px at least, WCAG 2.2's
/// target size minimum) and not stretched, inside the window; a live update that adds an
/// item above the focused one keeps that item where it was on screen; and a screenshot a
/// person can look at (`serve-phone.png` among the browser tests' artifacts).
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
        /// Where the focused item was in the window, and how far the page was scrolled,
        /// before and after a live update added an item above it.
        var focusedTopBefore: Double?
        var focusedTopAfter: Double?
        var scrolledBefore: Double?
        var scrolledAfter: Double?
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
          const press = (key) => app().body.dispatchEvent(new appWindow.KeyboardEvent("keydown", { key, bubbles: true }));
          const focused = () => app().querySelector("[data-item].focused");
          await wait(() => app().getElementById("refresh"), 20000);
          for (let step = 0; step < 5; step++) press("j");
          await wait(() => focused() && focused().textContent.includes("Café"), 5000);
          appWindow.scrollTo(0, focused().offsetTop - 200);
          results.focusedTopBefore = focused().getBoundingClientRect().top;
          results.scrolledBefore = appWindow.scrollY;
          await fetch("/grow");
          app().getElementById("refresh").click();
          await wait(() => rows().length === 7, 20000);
          await wait(() => focused(), 5000);
          results.focusedTopAfter = focused().getBoundingClientRect().top;
          results.scrolledAfter = appWindow.scrollY;
        })().catch((error) => { results.error = String(error); }).finally(() => {
          fetch("/done", { method: "POST", body: JSON.stringify(results) });
        });
        """#

    @Test func everyItemHasLabelledControlsSizedForTouch() async throws {
        guard let chromium = Chromium.require() else { return }
        let (harness, serve) = try await ServeKeyboardBrowserTests.serveGrowingFeed(titled: "Phone")
        defer { Task { await harness.shutdown() } }
        let page = ServeKeyboardBrowserTests.page(running: Self.script, on: serve)
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
        let (before, after) = (seen.focusedTopBefore ?? 0, seen.focusedTopAfter ?? -1)
        #expect(abs(before - after) <= 2, "a live update keeps the focused item where it was: \(before) then \(after)")
        #expect(
            (seen.scrolledAfter ?? 0) > (seen.scrolledBefore ?? 0),
            "the page scrolled by the new item's height to keep it there: \(seen)")
        try chromium.screenshot(
            serve.base, to: try ReportBrowserTests.artifact("serve-phone.png"), width: 390, height: 1400, live: true)
        let png = try Data(contentsOf: try ReportBrowserTests.artifact("serve-phone.png"))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "a PNG was taken")
        _ = try await serve.stop()
    }
}
