import Foundation
import TributaryTesting

/// A harness page for the report's new items: it loads the report in a same-origin iframe,
/// counts the *new* badges, reads each chip's "N new", then turns the "New only" switch on
/// with a search and a source chip, and writes what it saw as JSON into `<pre id="results">`.
enum ReportNewHarness {
    /// What the harness saw.
    struct Results: Decodable {
        var scriptRan: Bool
        /// Gallery tiles and list rows, and how many of them carry `data-new`.
        var items: Int
        var marked: Int
        /// `.new` badges in tiles and rows, and in the timeline.
        var badges: Int
        var timelineBadges: Int
        /// The titles of the rows and tiles with a badge (the tests' own titles).
        var badgedTitles: [String]
        var chips: [Chip]
        var hiddenNotNewWhenOn: Int
        var shownNewWhenOn: Int
        var shownLabelWhenOn: String
        var visibleWhenOnWithSearch: Int
        var visibleWhenOnWithSourceOff: Int
        var noMatchShownWhenNothingLeft: Bool
        var visibleWhenOff: Int
    }

    /// One source chip: its id and the text of its "N new", if any.
    struct Chip: Decodable, Equatable {
        var source: String
        var fresh: String?
    }

    /// The harness page for `path`, or the report's files; anything else is a 404.
    static func response(for path: String, files: [String: (Data, String)]) -> ServedResponse {
        if path == "/new-harness.html" { return .body(Data(page.utf8), contentType: "text/html; charset=utf-8") }
        return ReportHarness.response(for: path, files: files)
    }

    /// The harness on `page`, searching for `query` with the switch on and turning `source` off.
    static func url(_ server: LocalHTTPServer, page: String, query: String, source: String) -> URL {
        URL(string: "\(server.baseURL)/new-harness.html?page=\(page)&query=\(query)&source=\(source)")!
    }

    /// The harness's findings in a dumped DOM.
    static func results(in dom: String) throws -> Results {
        try ReportHarness.decode(Results.self, in: dom)
    }

    static let page = """
        <!DOCTYPE html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>harness</title></head>
        <body>
        <pre id="results">{"error": "the harness did not finish"}</pre>
        <iframe id="frame" width="1200" height="900"></iframe>
        <script>
        var params = new URLSearchParams(location.search);
        var frame = document.getElementById("frame");
        function sleep(ms) { return new Promise(function (done) { setTimeout(done, ms); }); }
        function all(doc, selector) { return Array.prototype.slice.call(doc.querySelectorAll(selector)); }
        function shown(list) { return list.filter(function (el) { return el.closest("[hidden]") === null; }); }
        async function search(win, doc, text) {
          var box = doc.getElementById("search");
          box.value = text;
          box.dispatchEvent(new win.Event("input", { bubbles: true }));
          await sleep(450);
        }
        async function check() {
          var win = frame.contentWindow, doc = frame.contentDocument, r = {};
          var items = all(doc, ".card, .row"), marked = all(doc, ".card[data-new], .row[data-new]");
          var notNew = items.filter(function (el) { return !el.hasAttribute("data-new"); });
          var toggle = doc.querySelector("[data-toggle='" + params.get("source") + "']");
          var newOnly = doc.getElementById("newonly");
          r.scriptRan = !doc.getElementById("controls").hidden;
          r.items = items.length; r.marked = marked.length;
          r.badges = all(doc, ".card .new, .row .new").length; r.timelineBadges = all(doc, ".entry .new").length;
          r.badgedTitles = all(doc, ".card .new, .row .new").map(function (badge) {
            var item = badge.closest("[data-item]");
            return (item.querySelector(".caption") || item.querySelector("h3")).textContent.replace(/^new /, "");
          });
          r.chips = all(doc, ".chips .chip").map(function (chip) {
            var box = chip.querySelector("[data-toggle]"), fresh = chip.querySelector(".fresh");
            return { source: box ? box.getAttribute("data-toggle") : "", fresh: fresh ? fresh.textContent : null };
          });
          newOnly.click();
          r.hiddenNotNewWhenOn = notNew.length - shown(notNew).length;
          r.shownNewWhenOn = shown(marked).length;
          r.shownLabelWhenOn = doc.getElementById("shown").textContent;
          await search(win, doc, params.get("query"));
          r.visibleWhenOnWithSearch = shown(items).length;
          await search(win, doc, "");
          toggle.click();
          r.visibleWhenOnWithSourceOff = shown(items).length;
          r.noMatchShownWhenNothingLeft = !doc.getElementById("nomatch").hidden;
          toggle.click();
          newOnly.click();
          r.visibleWhenOff = shown(items).length;
          return r;
        }
        frame.addEventListener("load", function () {
          var out = document.getElementById("results");
          check().then(function (r) { out.textContent = JSON.stringify(r); },
                       function (e) { out.textContent = JSON.stringify({ error: String(e) }); });
        });
        frame.src = params.get("page");
        </script>
        </body></html>
        """
}
