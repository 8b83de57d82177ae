import Foundation
import Testing
import TributaryTesting

/// A podcast's episode plays in the report: `tributary report` reads a podcast feed from one
/// loopback server (the files' origin), and headless chromium opens the page from another.
/// The page's `<audio>` holds the enclosure's address and loads nothing before it is asked;
/// asked, it reads the file (a WAV made here) through the page's Content-Security-Policy,
/// while the same page's media from any other origin (the page's own) is refused.
@Suite(.serialized) struct EpisodeBrowserTests {
    /// What the harness saw in the page.
    struct Findings: Decodable {
        var players: Int
        var src: String?
        var preload: String?
        var readyStateAtStart: Int
        var readyState: Int
        var duration: Double?
        var mediaError: Int?
        var violations: [Violation]
        var policy: String
    }

    struct Violation: Decodable {
        var blockedURI: String
        var directive: String
    }

    @Test func thePagesAudioPlaysTheEnclosureFromItsOriginAndNoOther() async throws {
        guard let chromium = Chromium.require() else { return }
        let folder = try TributaryBinary.config("{}").deletingLastPathComponent()
        let report = folder.appendingPathComponent("report.html")
        let media = try await LocalHTTPServer.start { request in
            switch request.path {
            case "/show.xml":
                let base = "http://\(request.headers["host"] ?? "")"
                return .body(Data(Self.feed(base: base).utf8), contentType: "application/rss+xml")
            case "/episode.wav": return .body(Self.wav(seconds: 2), contentType: "audio/wav")
            default: return ServedResponse(status: 404)
            }
        }
        defer { Task { await media.shutdown() } }
        let page = try await LocalHTTPServer.start { request in
            switch request.path {
            case "/harness.html": .body(Data(Self.harness.utf8), contentType: "text/html; charset=utf-8")
            case "/report.html": .body((try? Data(contentsOf: report)) ?? Data(), contentType: "text/html")
            default: ServedResponse(status: 404)
            }
        }
        defer { Task { await page.shutdown() } }
        let config = try TributaryBinary.config(
            #"{"title": "Listening", "sources": [{"id": "radio", "type": "feed", "title": "Harbour Radio", "#
                + #""url": "\#(media.baseURL)/show.xml"}]}"#)
        let run = try await TributaryBinary.run(["report", "-q", "--config", config.path, "--out", report.path])
        #expect(run.status == 0, "stderr: \(run.stderr)")

        let url = URL(string: "\(page.baseURL)/harness.html?blocked=\(page.baseURL)/blocked.wav")!
        let dom = try await offPool { try chromium.dumpDOM(url, budget: 30_000) }
        let found = try ReportHarness.decode(Findings.self, in: dom)
        let file = "\(media.baseURL)/episode.wav"
        #expect(found.players == 1 && found.src == file && found.preload == "none")
        #expect(found.readyStateAtStart == 0, "preload=none: nothing loads before it is asked")
        #expect(found.policy.contains("media-src \(media.baseURL.absoluteString)"), "\(found.policy)")
        #expect(found.readyState >= 1 && found.mediaError == nil, "the file loads: \(found.readyState)")
        #expect(abs((found.duration ?? 0) - 2) < 0.1, "the WAV's duration, read by the browser")
        #expect(!found.violations.contains { $0.blockedURI.hasPrefix(media.baseURL.absoluteString) })
        #expect(
            found.violations.contains { $0.blockedURI.hasSuffix("/blocked.wav") && $0.directive == "media-src" },
            "media from the page's own origin is refused: \(found.violations.map(\.blockedURI))")
        #expect(media.requests.contains { $0.path == "/episode.wav" })
        #expect(!page.requests.contains { $0.path == "/blocked.wav" }, "the refused file is never asked for")
    }

    static func feed(base: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">
        <channel><title>Harbour Radio</title><link>https://harbourradio.example</link>
        <description>Conversations from the harbour office.</description>
        <itunes:author>Harbour Radio</itunes:author>
        <item><title>42: Tides, timetables and time zones</title>
        <link>https://harbourradio.example/42</link><guid isPermaLink="false">hr-42</guid>
        <pubDate>Sun, 22 Nov 2026 05:30:00 +0000</pubDate>
        <enclosure url="\(base)/episode.wav" length="32044" type="audio/wav"/>
        <itunes:duration>0:02</itunes:duration></item>
        </channel></rss>
        """
    }

    /// A valid RIFF WAVE file: 8 kHz, 16-bit mono PCM, a quiet 440 Hz tone.
    static func wav(seconds: Int) -> Data {
        let rate = 8_000
        let samples = (0..<(rate * seconds)).map { index in
            Int16(2_000 * sin(2 * Double.pi * 440 * Double(index) / Double(rate)))
        }
        var data = Data("RIFF".utf8)
        func append<Value: FixedWidthInteger>(_ value: Value) {
            unsafe withUnsafeBytes(of: value.littleEndian) { unsafe data.append(contentsOf: $0) }
        }
        append(UInt32(36 + samples.count * 2))
        data.append(contentsOf: "WAVEfmt ".utf8)
        append(UInt32(16))
        append(UInt16(1))  // PCM
        append(UInt16(1))  // mono
        append(UInt32(rate))
        append(UInt32(rate * 2))  // bytes per second
        append(UInt16(2))  // bytes per frame
        append(UInt16(16))  // bits per sample
        data.append(contentsOf: "data".utf8)
        append(UInt32(samples.count * 2))
        for sample in samples { append(sample) }
        return data
    }

    /// Opens the report in a same-origin iframe, records its policy and its players, listens
    /// for policy violations, then asks the player for its file (metadata suffices) and a
    /// second player, added to the page, for a file on the page's own origin; it writes what
    /// it saw once the player is ready or failed and the refusal was reported, or at its deadline.
    static let harness = """
        <!DOCTYPE html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>harness</title></head><body>
        <pre id="results">{"error": "the harness did not finish"}</pre>
        <iframe id="frame" src="/report.html" width="1000" height="700"></iframe>
        <script>
        var params = new URLSearchParams(location.search);
        var frame = document.getElementById("frame");
        function sleep(ms) { return new Promise(function (done) { setTimeout(done, ms); }); }
        frame.addEventListener("load", async function () {
          var doc = frame.contentDocument, r = { violations: [] };
          doc.addEventListener("securitypolicyviolation", function (event) {
            r.violations.push({ blockedURI: event.blockedURI, directive: event.effectiveDirective });
          });
          var meta = doc.querySelector('meta[http-equiv="Content-Security-Policy"]');
          r.policy = meta ? meta.getAttribute("content") : "";
          var players = doc.querySelectorAll("audio, video");
          r.players = players.length;
          var audio = players[0];
          r.src = audio ? audio.getAttribute("src") : null;
          r.preload = audio ? audio.getAttribute("preload") : null;
          await sleep(500);
          r.readyStateAtStart = audio ? audio.readyState : -1;
          if (audio) { audio.preload = "metadata"; audio.load(); }
          var probe = doc.createElement("audio");
          probe.preload = "auto";
          probe.src = params.get("blocked");
          doc.body.appendChild(probe);
          probe.load();
          for (var waited = 0; waited < 20000; waited += 100) {
            var settled = !audio || audio.readyState >= 1 || audio.error;
            var refused = r.violations.some(function (v) { return /blocked\\.wav$/.test(v.blockedURI); });
            if (settled && refused) break;
            await sleep(100);
          }
          r.readyState = audio ? audio.readyState : -1;
          r.duration = audio && isFinite(audio.duration) ? audio.duration : null;
          r.mediaError = audio && audio.error ? audio.error.code : null;
          document.getElementById("results").textContent = JSON.stringify(r);
        });
        </script></body></html>
        """
}
