import Foundation
import Testing
import TributaryTesting

/// `serve`'s page without a mouse, in headless Chromium: the controls are in the page from
/// the start, j/k/m/s/A and / work, the search covers only the items' own text and folds
/// accents, a live update keeps the view and the focused item, the filters go into the
/// fragment, and right-to-left titles keep their direction beside the NEW badge.
@Suite(.serialized) struct ServeKeyboardBrowserTests {
    /// What the harness page saw; a step it did not reach leaves its field nil.
    struct Results: Decodable {
        var rows: Int?
        var rowsWithControlsAtLoad: Int?
        var hebrewDirection: String?
        var arabicDirection: String?
        var focusedAfterTwoJs: String?
        var markedRead: Bool?
        var starred: Bool?
        var searchFocused: Bool?
        var shownForRead: [String]?
        var shownForCafe: [String]?
        var timelineKept: Bool?
        var focusKept: Bool?
        var fragment: String?
        var allShownRead: Bool?
        var error: String?
    }

    /// An RSS feed of fixed posts and `Post 1…count`, the newest first.
    final class Feed: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 2
        func grow() { lock.withLock { count += 1 } }
        var body: String {
            let fixed = ["שלום לכולם מהעיר", "مرحبا بكم في المدينة", "Café au lait", "How I read feeds"]
            let posts = (1...lock.withLock { count }).reversed().map { "Post \($0)" }
            let items = (posts + fixed).enumerated().map { index, title in
                "<item><title>\(title)</title><link>https://example.org/\(index)-\(title.count)</link>"
                    + "<guid isPermaLink=\"false\">\(title)</guid><description>text</description>"
                    + "<pubDate>Mon, 02 Nov 2026 \(String(format: "%02d", 20 - index)):00:00 GMT</pubDate></item>"
            }
            return #"<rss version="2.0"><channel><title>k</title>\#(items.joined())</channel></rss>"#
        }
    }

    static let script = #"""
        let appWindow = null;
        const app = () => appWindow.document;
        const rows = () => Array.from(app().querySelectorAll(".bykind li.row[data-item]"));
        const shown = () => rows().filter((row) => !row.hidden).map((row) => row.querySelector("h3").textContent.trim());
        const press = (key) => app().body.dispatchEvent(new appWindow.KeyboardEvent("keydown", { key, bubbles: true }));
        const focused = () => app().querySelector("[data-item].focused");
        const type = (text) => {
          const search = app().getElementById("search");
          search.value = text;
          search.dispatchEvent(new appWindow.Event("input"));
        };
        (async () => {
          appWindow = window.open(serveURL, "app", "width=1200,height=900");
          await wait(() => app().readyState === "complete" && rows().length === 6, 20000);
          results.rows = rows().length;
          results.rowsWithControlsAtLoad = rows().filter((row) => row.querySelector(".actions button.markread")).length;
          const heading = (text) => rows().find((row) => row.textContent.includes(text)).querySelector("h3");
          results.hebrewDirection = appWindow.getComputedStyle(heading("שלום")).direction;
          results.arabicDirection = appWindow.getComputedStyle(heading("مرحبا")).direction;
          await wait(() => app().getElementById("refresh") && appWindow.getComputedStyle(app().getElementById("controls")).display !== "none", 20000);
          await new Promise((resolve) => setTimeout(resolve, 300));
          press("j");
          press("j");
          await wait(() => focused(), 5000);
          const target = focused();
          results.focusedAfterTwoJs = target.querySelector("h3").textContent.trim();
          press("m");
          await wait(() => focused() && focused().classList.contains("read"), 10000);
          results.markedRead = true;
          press("s");
          await wait(() => focused().querySelector("button.star").getAttribute("aria-pressed") === "true", 10000);
          results.starred = true;
          press("/");
          results.searchFocused = app().activeElement === app().getElementById("search");
          app().getElementById("search").blur();
          type("read");
          await wait(() => shown().length === 1, 5000);
          results.shownForRead = shown();
          type("cafe");
          await wait(() => shown().length === 1 && shown()[0] !== results.shownForRead[0], 5000);
          results.shownForCafe = shown();
          type("");
          await wait(() => shown().length === 6, 5000);
          app().getElementById("view-timeline").click();
          press("j");
          press("j");
          press("j");
          await wait(() => focused() && focused().classList.contains("entry"), 5000);
          const focusedID = focused().getAttribute("data-id");
          await fetch("/grow");
          app().getElementById("refresh").click();
          await wait(() => app().querySelectorAll("#timeline li.entry[data-item]").length === 7, 20000);
          results.timelineKept = app().getElementById("view-timeline").checked;
          results.focusKept = !!focused() && focused().getAttribute("data-id") === focusedID;
          results.fragment = appWindow.location.hash;
          app().getElementById("view-kind").click();
          press("A");
          await wait(() => rows().filter((row) => !row.hidden).every((row) => row.classList.contains("read")), 10000);
          results.allShownRead = true;
        })().catch((error) => { results.error = String(error); }).finally(() => {
          fetch("/done", { method: "POST", body: JSON.stringify(results) });
        });
        """#

    @Test func everyActionWorksFromTheKeyboardAndALiveUpdateKeepsTheView() async throws {
        guard let chromium = Chromium.require() else { return }
        let (harness, serve) = try await Self.serveGrowingFeed(titled: "Keys")
        defer { Task { await harness.shutdown() } }
        let seen = try await harness.run(Self.page(running: Self.script, on: serve), in: chromium, as: Results.self)
        #expect(seen.error == nil, "\(seen.error ?? "")")
        #expect(seen.rows == 6 && seen.rowsWithControlsAtLoad == 6, "every item's buttons come with the page")
        #expect(seen.hebrewDirection == "rtl" && seen.arabicDirection == "rtl", "the NEW badge sets no direction")
        #expect(seen.focusedAfterTwoJs == "new Post 1", "j twice focuses the second item: \(seen)")
        #expect(seen.markedRead == true && seen.starred == true && seen.searchFocused == true)
        #expect(seen.shownForRead == ["new How I read feeds"], "the buttons' own text is not searched")
        #expect(seen.shownForCafe == ["new Café au lait"], "accents are folded")
        #expect(seen.timelineKept == true && seen.focusKept == true, "a live update keeps the view and the focus")
        #expect(seen.fragment?.contains("view=timeline") == true, "\(seen.fragment ?? "no fragment")")
        #expect(seen.allShownRead == true)
        _ = try await serve.stop()
    }

    /// A harness server whose `/feed.xml` is a `Feed` (`/grow` adds a post), and `serve` of
    /// a config holding that feed, titled `title`.
    static func serveGrowingFeed(titled title: String) async throws -> (HarnessServer, ServeHarness) {
        let feed = Feed()
        let harness = try await HarnessServer.start { request in
            switch request.path {
            case "/feed.xml": return .text(feed.body, contentType: "application/rss+xml")
            case "/grow":
                feed.grow()
                return .text("grown")
            default: return nil
            }
        }
        let config = try TributaryBinary.config(
            #"{"title": "\#(title)", "sources": [{"id": "k", "type": "feed", "url": "\#(harness.server.baseURL)/feed.xml"}]}"#
        )
        return (harness, try await ServeHarness.start(config: config))
    }

    /// The harness page that runs `script` against `serve`'s page.
    static func page(running script: String, on serve: ServeHarness) -> String {
        """
        <!doctype html><meta charset="utf-8"><title>harness</title><img src="/wait" alt="">
        <script>const serveURL = "\(serve.base.absoluteString)";
        \(HarnessServer.prelude)
        \(script)</script>
        """
    }
}
