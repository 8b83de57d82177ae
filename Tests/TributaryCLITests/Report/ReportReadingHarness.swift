import Foundation
import TributaryTesting

/// A harness page for how the report reads: it loads the report in a same-origin iframe of
/// the given width, reads the direction of each title, switches to the timeline view and
/// back, taps the sources' tally and a failed source, counts broken pictures, and writes
/// what it saw as JSON into `<pre id="results">`.
enum ReportReadingHarness {
    /// What the harness saw.
    struct Results: Decodable {
        var scriptRan: Bool
        var titles: [Title]
        var timelineShownAtStart: Bool
        var itemsShownAtStart: Int
        var heightByKind: Int
        var timelineShownAfterToggle: Bool
        var itemsShownAfterToggle: Int
        var entriesShownAfterToggle: Int
        var heightTimeline: Int
        /// Timeline sources drawn in more than one piece (pulled apart by a neighbour's script).
        var splitSources: Int
        var tallyText: String?
        var tallyShown: Bool
        var chipsShownAtStart: Bool
        var chipsShownAfterTap: Bool
        var reasonCutAtStart: Bool
        var reasonWholeAfterTap: Bool
        /// Pictures shown as the browser's broken-image icon, and placeholders in their stead.
        var brokenImages: Int
        var placeholders: Int
        var loadedImages: Int
        var brokenInLightbox: Int
        /// Lightboxes whose picture shows (their full-size photo, or the thumbnail in its stead).
        var lightboxPictures: Int
        var pageWidth: Int
        /// What the page says when a search and a source turned off leave nothing.
        var noMatchText: String
    }

    /// A title: whether its text starts in a right-to-left script, and the direction it got.
    struct Title: Decodable {
        var rtl: Bool
        var direction: String
    }

    /// The harness page for `path`, or the report's files; anything else is a 404.
    static func response(for path: String, files: [String: (Data, String)]) -> ServedResponse {
        if path == "/reading-harness.html" { return .body(Data(page.utf8), contentType: "text/html; charset=utf-8") }
        return ReportHarness.response(for: path, files: files)
    }

    /// The harness on `page` in a frame `width` pixels wide.
    static func url(_ server: LocalHTTPServer, page: String, width: Int) -> URL {
        URL(string: "\(server.baseURL)/reading-harness.html?page=\(page)&width=\(width)")!
    }

    /// The harness's findings in a dumped DOM.
    static func results(in dom: String) throws -> Results {
        try ReportHarness.decode(Results.self, in: dom)
    }

    static let page = """
        <!DOCTYPE html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>harness</title></head>
        <body>
        <pre id="results">{"error": "the harness did not finish"}</pre>
        <iframe id="frame" height="900"></iframe>
        <script>
        var params = new URLSearchParams(location.search);
        var frame = document.getElementById("frame");
        frame.width = params.get("width");
        function sleep(ms) { return new Promise(function (done) { setTimeout(done, ms); }); }
        function all(doc, selector) { return Array.prototype.slice.call(doc.querySelectorAll(selector)); }
        async function check() {
          var win = frame.contentWindow, doc = frame.contentDocument, r = {};
          function shown(el) { return !!el && el.getClientRects().length > 0; }
          function count(selector) { return all(doc, selector).filter(shown).length; }
          await sleep(1000);
          r.scriptRan = !doc.getElementById("controls").hidden;
          var rtl = /^[^A-Za-z\\u0590-\\u08FF]*[\\u0590-\\u08FF]/;
          r.titles = all(doc, ".row h3, .card .caption").map(function (el) {
            return { rtl: rtl.test(el.textContent.trim()), direction: win.getComputedStyle(el).direction };
          });
          r.timelineShownAtStart = shown(doc.getElementById("timeline"));
          r.itemsShownAtStart = count(".row, .card");
          r.heightByKind = doc.documentElement.scrollHeight;
          var toTimeline = doc.querySelector('label[for="view-timeline"]');
          if (toTimeline) toTimeline.click();
          r.timelineShownAfterToggle = shown(doc.getElementById("timeline"));
          r.itemsShownAfterToggle = count(".row, .card");
          r.entriesShownAfterToggle = count(".entry");
          r.heightTimeline = doc.documentElement.scrollHeight;
          r.splitSources = all(doc, ".entry .src").filter(function (el) {
            return el.getClientRects().length !== 1;
          }).length;
          var toKind = doc.querySelector('label[for="view-kind"]');
          if (toKind) toKind.click();
          var chips = doc.querySelector(".chips"), tally = doc.querySelector(".tally");
          r.tallyText = tally ? tally.textContent : null;
          r.tallyShown = shown(tally);
          r.chipsShownAtStart = shown(chips) && win.getComputedStyle(chips).display !== "none";
          if (r.tallyShown) tally.click();
          r.chipsShownAfterTap = shown(chips) && win.getComputedStyle(chips).display !== "none";
          var why = doc.querySelector(".chip.failed .why");
          r.reasonCutAtStart = !!why && why.scrollWidth > why.clientWidth + 1;
          var failed = doc.querySelector(".chip.failed summary") || doc.querySelector(".chip.failed");
          if (failed) failed.click();
          var box = why ? why.getBoundingClientRect() : { right: 0, height: 0 };
          r.reasonWholeAfterTap = !!why && why.scrollWidth <= why.clientWidth + 1 &&
            box.right <= win.innerWidth + 1 && box.height > 0;
          r.brokenImages = all(doc, "img").filter(function (img) {
            return img.complete && img.naturalWidth === 0 && shown(img);
          }).length;
          r.placeholders = all(doc, ".placeholder").length;
          r.loadedImages = all(doc, "img").filter(function (img) { return img.naturalWidth > 0; }).length;
          var missing = all(doc, ".card").filter(function (card) {
            return card.querySelector(".thumb .placeholder");
          })[0];
          if (missing) {
            missing.querySelector("a.thumb").click();
            await sleep(800);
            r.brokenInLightbox = all(missing, ".lightbox img").filter(function (img) {
              return img.naturalWidth === 0;
            }).length;
            win.location.hash = "#photos";
          } else {
            r.brokenInLightbox = -1;
          }
          r.lightboxPictures = all(doc, ".lightbox img").filter(function (img) { return img.naturalWidth > 0; }).length;
          r.pageWidth = doc.documentElement.scrollWidth;
          var search = doc.getElementById("search"), box = doc.querySelector("[data-toggle]");
          box.click();
          search.value = "Nothing Like This";
          search.dispatchEvent(new win.Event("input", { bubbles: true }));
          await sleep(450);
          r.noMatchText = doc.getElementById("nomatch").hidden ? "" : doc.getElementById("nomatch").textContent;
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
