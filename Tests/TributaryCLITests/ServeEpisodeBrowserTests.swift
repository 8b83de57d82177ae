import Foundation
import Testing
import TributaryTesting

/// An episode being played on `serve`'s page keeps playing when a new digest replaces the
/// page's items: the same `<audio>` element stays in the page, unpaused, and the new
/// episode that came with the digest gets a player of its own.
@Suite(.serialized) struct ServeEpisodeBrowserTests {
    struct Results: Decodable {
        var playersAtStart: Int?
        var playing: Bool?
        var playersAfterRefresh: Int?
        var sameElement: Bool?
        var stillPlaying: Bool?
        var error: String?
    }

    /// A podcast whose second episode appears after `/grow`.
    final class GrowingPodcast: @unchecked Sendable {
        private let lock = NSLock()
        private var episodes = 1
        func grow() { lock.withLock { episodes = 2 } }

        func body(base: String) -> String {
            let items = (1...lock.withLock { episodes }).reversed().map { number in
                """
                <item><title>Episode \(number)</title><guid isPermaLink="false">ep-\(number)</guid>
                <pubDate>Sun, 2\(number) Nov 2026 05:00:00 +0000</pubDate>
                <enclosure url="\(base)/episode-\(number).wav" length="0" type="audio/wav"/></item>
                """
            }
            return #"<rss version="2.0"><channel><title>Harbour Radio</title>\#(items.joined())</channel></rss>"#
        }
    }

    @Test func anEpisodeKeepsPlayingWhenANewDigestArrives() async throws {
        guard let chromium = Chromium.require() else { return }
        let podcast = GrowingPodcast()
        let serveURL = LiveValueBox<URL>()
        let results = LiveValueBox<Data>()
        let done = Latch()
        let wav = EpisodeBrowserTests.wav(seconds: 60)
        let server = try await LocalHTTPServer.start { request in
            switch request.path {
            case "/done":
                results.value = request.body
                await done.release()
                return .text("thanks")
            case "/wait":
                await done.wait()
                return .text("", status: 204)
            case "/feed.xml":
                return .text(
                    podcast.body(base: "http://\(request.headers["host"] ?? "")"), contentType: "application/rss+xml")
            case "/episode-1.wav", "/episode-2.wav": return .body(wav, contentType: "audio/wav")
            case "/grow":
                podcast.grow()
                return .text("grown")
            case "/harness.html":
                return .text(Self.page(serve: serveURL.value!), contentType: "text/html")
            default: return .text("gone", status: 404)
            }
        }
        defer { Task { await server.shutdown() } }
        let config = try TributaryBinary.config(
            #"{"title": "Live", "sources": [{"id": "radio", "type": "feed", "url": "\#(server.baseURL)/feed.xml"}]}"#)
        let serve = try await ServeHarness.start(config: config)
        serveURL.value = serve.base
        _ = try await offPool {
            // A script may start playback, as a listener's click would.
            try ServeBrowserHarness.dumpDOM(
                chromium, server.baseURL.appendingPathComponent("harness.html"),
                extra: ["--autoplay-policy=no-user-gesture-required"])
        }
        let posted = try #require(results.value, "the harness page posted no results")
        let seen = try JSONDecoder().decode(Results.self, from: posted)
        #expect(seen.error == nil, "\(seen.error ?? "")")
        #expect(seen.playersAtStart == 1 && seen.playing == true)
        #expect(seen.playersAfterRefresh == 2, "the new episode has its player")
        #expect(seen.sameElement == true && seen.stillPlaying == true, "the playing episode was not interrupted")
        _ = try await serve.stop()
    }

    /// Opens `serve`'s page in a window, plays its episode (muted),
    /// adds an episode upstream, clicks Refresh, waits for the new digest's second player,
    /// and posts what it saw to `/done`.
    static func page(serve: URL) -> String {
        """
        <!doctype html><meta charset="utf-8"><title>harness</title>
        <img src="/wait" alt="">
        <script>
        const serveURL = "\(serve.absoluteString)";
        const results = {};
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
        let appWindow = null;
        const app = () => appWindow.document;
        const players = () => app().querySelectorAll("main audio");
        (async () => {
          appWindow = window.open(serveURL, "app", "width=1200,height=900");
          await wait(() => players().length === 1 && app().getElementById("refresh"), 30000);
          results.playersAtStart = players().length;
          const audio = players()[0];
          audio.muted = true;
          await audio.play();
          results.playing = !audio.paused;
          await fetch("/grow");
          app().getElementById("refresh").click();
          await wait(() => players().length === 2, 30000);
          results.playersAfterRefresh = players().length;
          results.sameElement = Array.from(players()).includes(audio) && audio.isConnected;
          await new Promise((resolve) => setTimeout(resolve, 200));
          results.stillPlaying = !audio.paused;
        })().catch((error) => { results.error = String(error); }).finally(() => {
          fetch("/done", { method: "POST", body: JSON.stringify(results) });
        });
        </script>
        """
    }
}
