import Foundation
import Testing
import TributaryTesting

/// A page on the test's own server that frames `serve`'s page and works it as a person
/// would: waits for the items, adds a post upstream, clicks Refresh, types in the search
/// box, and writes what it saw into `<pre id="results">` as JSON. Chromium runs with web
/// security off so the page may reach into the frame (another port of 127.0.0.1).
enum ServeBrowserHarness {
    struct Results: Decodable {
        var itemsAtStart: Int
        var disabledWhileRunning: Bool
        var labelWhileRunning: String
        var newPostMarkedNew: Bool
        var sameDocument: Bool
        var shownAfterTyping: [String]
        var failedChip: String
        var error: String?
    }

    /// The harness page for the served page at `serve`.
    static func page(serve: URL) -> String {
        """
        <!doctype html><meta charset="utf-8"><title>harness</title>
        <iframe id="app" src="\(serve.absoluteString)" width="1200" height="900"></iframe>
        <pre id="results"></pre>
        <script>
        \(script)
        </script>
        """
    }

    static let script = #"""
        const results = {};
        const frame = document.getElementById("app");
        const wait = (test, limit) => new Promise((resolve, reject) => {
          const started = Date.now();
          (function poll() {
            let passed = false;
            try { passed = test(); } catch (error) {}
            if (passed) return resolve();
            if (Date.now() - started > limit) return reject(new Error("timed out: " + test));
            setTimeout(poll, 20);
          })();
        });
        const app = () => frame.contentDocument;
        const titles = () => Array.from(app().querySelectorAll("li.row[data-item]:not([hidden]) h3 a"))
          .map((link) => link.textContent);
        (async () => {
          await wait(() => app().querySelectorAll("li.row[data-item]").length === 3
            && app().getElementById("refresh"), 20000);
          results.itemsAtStart = app().querySelectorAll("li.row[data-item]").length;
          frame.contentWindow.harnessMarker = "kept";
          await fetch("/grow");
          const button = app().getElementById("refresh");
          button.click();
          results.disabledWhileRunning = button.disabled;
          results.labelWhileRunning = button.textContent;
          await wait(() => titles().includes("Post 4"), 20000);
          const fresh = Array.from(app().querySelectorAll("li.row[data-item]"))
            .find((row) => row.textContent.includes("Post 4"));
          results.newPostMarkedNew = fresh.hasAttribute("data-new") && !!fresh.querySelector(".new");
          results.sameDocument = frame.contentWindow.harnessMarker === "kept";
          const search = app().getElementById("search");
          search.value = "post 4";
          search.dispatchEvent(new Event("input"));
          await wait(() => titles().length === 1, 5000);
          results.shownAfterTyping = titles();
          results.failedChip = app().querySelector(".chip.failed").textContent;
        })().catch((error) => { results.error = String(error); }).finally(() => {
          document.getElementById("results").textContent = JSON.stringify(results);
        });
        """#

    /// The results the page wrote, from Chromium's dump of its DOM.
    static func results(in dom: String) throws -> Results {
        guard let start = dom.range(of: #"<pre id="results">"#), let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex)
        else { throw CocoaError(.fileReadCorruptFile) }
        let json = String(dom[start.upperBound..<end.lowerBound]).replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">")
        return try JSONDecoder().decode(Results.self, from: Data(json.utf8))
    }

    /// Loads `url` in headless Chromium with web security off, lets it run for `seconds`,
    /// and returns the DOM.
    static func dumpDOM(_ chromium: Chromium, _ url: URL, seconds: Int = 45) throws -> String {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let output = scratch.appendingPathComponent("dom.html")
        try Data().write(to: output)
        let process = Process()
        process.executableURL = chromium.executable
        process.arguments = [
            "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--disable-web-security", "--disable-site-isolation-trials",
            "--user-data-dir=\(scratch.appendingPathComponent("profile").path)",
            "--timeout=\(seconds * 1000)", "--dump-dom", url.absoluteString,
        ]
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(Double(seconds + 30))
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        if process.isRunning { process.terminate() }
        return try String(contentsOf: output, encoding: .utf8)
    }
}
