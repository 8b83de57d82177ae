import Foundation
import TributaryTesting

/// Serves a report and a harness page on 127.0.0.1. The harness loads the report in a
/// same-origin iframe, uses it as a person would (search, source toggle, sort, a photo
/// click) and writes what it saw as JSON into `<pre id="results">` for `--dump-dom`.
enum ReportHarness {
    /// What the harness saw; counts and flags only, never remote text.
    struct Results: Decodable {
        var title: String
        var cards: Int
        var rows: Int
        var entries: Int
        var scriptRan: Bool
        var hiddenAtStart: Int
        var hiddenRightAfterTyping: Int
        var matching: Int
        var visibleAfterSearch: Int
        var visibleAfterClearing: Int
        var hiddenAfterToggle: Int
        var toggledSourceItems: Int
        var sortedByScore: Bool
        var hostileShownAsText: Bool
        var injectedElements: Int
        var nonWebLinks: Int
        var lightboxShown: Bool?
        var resources: [String]
        var toggles: [Toggle]
    }

    /// One source's chip turned off and on again.
    struct Toggle: Decodable {
        var source: String
        var items: Int
        var hiddenWhenOff: Int
        var othersHiddenWhenOff: Int
        var shownWhenOn: Int
    }

    /// The pages and images a test server answers with; anything else is a 404.
    static func response(for path: String, files: [String: (Data, String)]) -> ServedResponse {
        if path == "/harness.html" { return .body(Data(page.utf8), contentType: "text/html; charset=utf-8") }
        guard let (body, type) = files[path] else { return ServedResponse(status: 404) }
        return .body(body, contentType: type)
    }

    /// The harness's findings in a dumped DOM.
    static func results(in dom: String) throws -> Results {
        try decode(Results.self, in: dom)
    }

    /// The JSON a harness page wrote into `<pre id="results">` of a dumped DOM.
    static func decode<Findings: Decodable>(_ type: Findings.Type, in dom: String) throws -> Findings {
        guard let start = dom.range(of: "<pre id=\"results\">"),
            let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex)
        else {
            throw CocoaError(
                .coderReadCorrupt,
                userInfo: [NSLocalizedDescriptionKey: "no results in the harness page:\n\(dom.prefix(2000))"])
        }
        let json = dom[start.upperBound..<end.lowerBound]
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
        do {
            return try JSONDecoder().decode(type, from: Data(json.utf8))
        } catch {
            throw CocoaError(.coderReadCorrupt, userInfo: [NSLocalizedDescriptionKey: "harness results: \(json)"])
        }
    }

    static let page = """
        <!DOCTYPE html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>harness</title></head><body>
        <pre id="results">{"error": "the harness did not finish"}</pre>
        <iframe id="frame" width="1200" height="900"></iframe>
        <script>
        var params = new URLSearchParams(location.search);
        var frame = document.getElementById("frame");
        function sleep(ms) { return new Promise(function (done) { setTimeout(done, ms); }); }
        function all(doc, selector) { return Array.prototype.slice.call(doc.querySelectorAll(selector)); }
        function hidden(list) { return list.filter(function (el) { return el.closest("[hidden]") !== null; }).length; }
        async function check() {
          var win = frame.contentWindow, doc = frame.contentDocument, query = params.get("query"), r = {};
          var items = all(doc, ".card, .row");
          r.title = doc.title;
          r.cards = all(doc, ".card").length; r.rows = all(doc, ".row").length; r.entries = all(doc, ".entry").length;
          r.scriptRan = !doc.getElementById("controls").hidden;
          r.hiddenAtStart = hidden(items);
          var search = doc.getElementById("search");
          search.value = query;
          search.dispatchEvent(new win.Event("input", { bubbles: true }));
          r.hiddenRightAfterTyping = hidden(items);
          await sleep(450);
          r.matching = items.filter(function (el) { return el.textContent.toLowerCase().indexOf(query) >= 0; }).length;
          r.visibleAfterSearch = items.length - hidden(items);
          search.value = "";
          search.dispatchEvent(new win.Event("input", { bubbles: true }));
          await sleep(450);
          r.visibleAfterClearing = items.length - hidden(items);
          var toggle = doc.querySelector("[data-toggle]");
          var source = toggle.getAttribute("data-toggle");
          toggle.click();
          r.toggledSourceItems = items.filter(function (el) { return el.getAttribute("data-source") === source; }).length;
          r.hiddenAfterToggle = hidden(items);
          toggle.click();
          r.toggles = all(doc, "[data-toggle]").map(function (box) {
            var t = { source: box.getAttribute("data-toggle") };
            var own = items.filter(function (el) { return el.getAttribute("data-source") === t.source; });
            box.click();
            t.items = own.length; t.hiddenWhenOff = hidden(own); t.othersHiddenWhenOff = hidden(items) - hidden(own);
            box.click();
            t.shownWhenOn = own.length - hidden(own);
            return t;
          });
          var sort = doc.getElementById("sort");
          sort.value = "score";
          sort.dispatchEvent(new win.Event("change", { bubbles: true }));
          r.sortedByScore = all(doc, "[data-sortable]").every(function (list) {
            var values = Array.prototype.map.call(list.children, function (el) { return parseFloat(el.getAttribute("data-score")); });
            return values.every(function (value, i) { return i === 0 || values[i - 1] >= value; });
          });
          r.hostileShownAsText = all(doc, ".row h3").some(function (el) {
            return el.textContent.replace(/^new /, "") === "<img src=x onerror=alert(1)>";  // after a *new* badge
          });
          r.injectedElements = all(doc, "img[src='x'], [onerror], b, i").length + all(doc, "script").length - 1;
          r.nonWebLinks = all(doc, "a[href], img[src]").filter(function (el) {
            var value = el.getAttribute("href") || el.getAttribute("src");
            return !/^(https?:\\/\\/|#|data:image\\/)/.test(value);
          }).length;
          var thumb = doc.querySelector(".card a.thumb");
          if (thumb) {
            thumb.click();
            await sleep(300);
            r.lightboxShown = win.getComputedStyle(doc.getElementById(thumb.getAttribute("href").slice(1))).display !== "none";
            win.location.hash = "#photos";
          }
          r.resources = win.performance.getEntriesByType("resource").map(function (entry) { return entry.name; });
          return r;
        }
        frame.addEventListener("load", function () {
          check().then(function (r) { document.getElementById("results").textContent = JSON.stringify(r); },
                       function (e) { document.getElementById("results").textContent = JSON.stringify({ error: String(e) }); });
        });
        frame.src = params.get("page");
        </script>
        </body></html>
        """
}
