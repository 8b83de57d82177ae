import Foundation
import Testing
import TributaryTesting

/// A page on the test's own server that opens `serve`'s page in a window of its own (a
/// frame is refused: `serve` forbids framing, which the page checks first) and works it
/// as a person would: waits for the items, adds a post upstream, clicks Refresh, types in
/// the search box, marks an item read and shows unread items only, and posts what it saw
/// to `/done` as JSON. Chromium runs with web security off so the page may reach into
/// the window (another port of 127.0.0.1); its `--dump-dom` waits for the page's load,
/// which an image at `/wait` holds back until the results are in.
enum ServeBrowserHarness {
    /// What the page saw; a step it did not reach leaves its field nil.
    struct Results: Decodable {
        var framedPageShown: Bool?
        var itemsAtStart: Int?
        var disabledWhileRunning: Bool?
        var labelWhileRunning: String?
        var newPostMarkedNew: Bool?
        var sameDocument: Bool?
        var shownAfterTyping: [String]?
        var failedChip: String?
        var linklessMarkedRead: Bool?
        var linklessHiddenWhenUnreadOnly: Bool?
        var error: String?
    }

    /// The harness page for the served page at `serve`.
    static func page(serve: URL) -> String {
        """
        <!doctype html><meta charset="utf-8"><title>harness</title>
        <iframe id="framed" src="\(serve.absoluteString)" width="600" height="400"></iframe>
        <img src="/wait" alt="">
        <script>
        const serveURL = "\(serve.absoluteString)";
        \(HarnessServer.prelude)
        \(script)
        </script>
        """
    }

    static let script = #"""
        let appWindow = null;
        const app = () => appWindow.document;
        const titles = () => Array.from(app().querySelectorAll("li.row[data-item]:not([hidden]) h3 a"))
          .map((link) => link.textContent);
        (async () => {
          const framed = document.getElementById("framed");
          await new Promise((resolve) => {
            framed.addEventListener("load", resolve);
            setTimeout(resolve, 10000);
          });
          let framedDocument = null;
          try { framedDocument = framed.contentDocument; } catch (error) {}
          results.framedPageShown = !!(framedDocument && framedDocument.querySelector("meta[name=tributary-token]"));
          appWindow = window.open(serveURL, "app", "width=1200,height=900");
          await wait(() => app().querySelectorAll("li.row[data-item]").length === 4
            && app().getElementById("refresh"), 20000);
          results.itemsAtStart = app().querySelectorAll("li.row[data-item]").length;
          appWindow.harnessMarker = "kept";
          await fetch("/grow");
          const button = app().getElementById("refresh");
          button.click();
          results.disabledWhileRunning = button.disabled;
          results.labelWhileRunning = button.textContent;
          await wait(() => titles().includes("Post 4"), 20000);
          const fresh = Array.from(app().querySelectorAll("li.row[data-item]"))
            .find((row) => row.textContent.includes("Post 4"));
          results.newPostMarkedNew = fresh.hasAttribute("data-new") && !!fresh.querySelector(".new");
          results.sameDocument = appWindow.harnessMarker === "kept";
          const search = app().getElementById("search");
          search.value = "post 4";
          search.dispatchEvent(new Event("input"));
          await wait(() => titles().length === 1, 5000);
          results.shownAfterTyping = titles();
          results.failedChip = app().querySelector(".chip.failed").textContent;
          search.value = "";
          search.dispatchEvent(new Event("input"));
          const linkless = () => Array.from(app().querySelectorAll("li.row[data-item]"))
            .find((row) => row.textContent.includes("No link here"));
          await wait(() => linkless() && !linkless().hidden && linkless().querySelector("button.markread"), 5000);
          linkless().querySelector("button.markread").click();
          await wait(() => linkless().classList.contains("read"), 5000);
          results.linklessMarkedRead = true;
          app().getElementById("unreadonly").click();
          await wait(() => linkless().hidden, 5000);
          results.linklessHiddenWhenUnreadOnly = true;
        })().catch((error) => { results.error = String(error); }).finally(() => {
          fetch("/done", { method: "POST", body: JSON.stringify(results) });
        });
        """#

    /// Loads `url` in headless Chromium with web security off until the page has loaded
    /// (at most `seconds`), and returns the DOM; `extra` arguments go to Chromium too.
    static func dumpDOM(_ chromium: Chromium, _ url: URL, seconds: Int = 90, extra: [String] = []) throws -> String {
        let scratch = Scratch.folder.appendingPathComponent("chromium-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let output = scratch.appendingPathComponent("dom.html")
        try Data().write(to: output)
        let process = Process()
        process.executableURL = chromium.executable
        process.arguments =
            [
                "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-web-security", "--disable-site-isolation-trials", "--disable-popup-blocking",
                "--user-data-dir=\(scratch.appendingPathComponent("profile").path)",
            ] + extra + ["--dump-dom", url.absoluteString]
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(Double(seconds))
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        if process.isRunning { process.terminate() }
        return try String(contentsOf: output, encoding: .utf8)
    }
}
