import Foundation
import Testing
import TributaryTesting

/// An episode being played on `serve`'s page keeps playing when a new digest replaces the
/// page's items: the same `<audio>` element stays in the page, unpaused, and the new
/// episode that came with the digest gets a player of its own. An episode whose file is on
/// an origin the page's policy does not name plays once its digest arrives (the page
/// reloads for the new policy).
@Suite(.serialized) struct ServeEpisodeBrowserTests {
    struct Results: Decodable {
        var playersAtStart: Int?
        var playing: Bool?
        var playersAfterRefresh: Int?
        var sameElement: Bool?
        var stillPlaying: Bool?
        var secondReadyState: Int?
        var secondError: Int?
        var policy: String?
        var error: String?
    }

    /// A podcast whose second episode appears after `/grow`.
    /// The second episode's file is on `secondBase` when one is set.
    final class GrowingPodcast: @unchecked Sendable {
        private let lock = NSLock()
        private var episodes = 1
        private var secondBase: String?
        func grow() { lock.withLock { episodes = 2 } }
        func serveSecond(from base: String) { lock.withLock { secondBase = base } }

        func body(base: String) -> String {
            let (count, second) = lock.withLock { (episodes, secondBase) }
            let items = (1...count).reversed().map { number in
                """
                <item><title>Episode \(number)</title><guid isPermaLink="false">ep-\(number)</guid>
                <pubDate>Sun, 2\(number) Nov 2026 05:00:00 +0000</pubDate>
                <enclosure url="\(number == 2 ? second ?? base : base)/episode-\(number).wav" length="0" type="audio/wav"/></item>
                """
            }
            return #"<rss version="2.0"><channel><title>Harbour Radio</title>\#(items.joined())</channel></rss>"#
        }
    }

    @Test func anEpisodeKeepsPlayingWhenANewDigestArrives() async throws {
        guard let chromium = Chromium.require() else { return }
        let seen = try await run(chromium, script: Self.keepsPlaying)
        #expect(seen.error == nil, "\(seen.error ?? "")")
        #expect(seen.playersAtStart == 1 && seen.playing == true)
        #expect(seen.playersAfterRefresh == 2, "the new episode has its player")
        #expect(seen.sameElement == true && seen.stillPlaying == true, "the playing episode was not interrupted")
    }

    @Test func anEpisodeFromANewOriginPlaysOnceItsDigestArrives() async throws {
        guard let chromium = Chromium.require() else { return }
        let other = try await LocalHTTPServer.start { request in
            request.path == "/episode-2.wav"
                ? .body(EpisodeBrowserTests.wav(seconds: 2), contentType: "audio/wav") : ServedResponse(status: 404)
        }
        defer { Task { await other.shutdown() } }
        let seen = try await run(chromium, script: Self.newOrigin, secondBase: other.baseURL.absoluteString)
        #expect(seen.error == nil, "\(seen.error ?? "")")
        #expect(seen.playersAfterRefresh == 2)
        #expect(seen.policy?.contains(other.baseURL.absoluteString) == true, "\(seen.policy ?? "no policy")")
        #expect(seen.secondReadyState ?? 0 >= 1 && seen.secondError == nil, "the new origin's file loads")
        #expect(other.requests.contains { $0.path == "/episode-2.wav" })
    }

    /// Serves a growing podcast, starts `serve` on it, runs `script` in a harness page and
    /// returns what the page posted.
    func run(_ chromium: Chromium, script: String, secondBase: String? = nil) async throws -> Results {
        let podcast = GrowingPodcast()
        if let secondBase { podcast.serveSecond(from: secondBase) }
        let wav = EpisodeBrowserTests.wav(seconds: 60)
        let harness = try await HarnessServer.start { request in
            switch request.path {
            case "/feed.xml":
                let base = "http://\(request.headers["host"] ?? "")"
                return .text(podcast.body(base: base), contentType: "application/rss+xml")
            case "/episode-1.wav", "/episode-2.wav": return .body(wav, contentType: "audio/wav")
            case "/grow":
                podcast.grow()
                return .text("grown")
            default: return nil
            }
        }
        defer { Task { await harness.shutdown() } }
        let config = try TributaryBinary.config(
            #"{"title": "Live", "sources": [{"id": "radio", "type": "feed", "url": "\#(harness.server.baseURL)/feed.xml"}]}"#
        )
        let serve = try await ServeHarness.start(config: config)
        // A script may start playback, as a listener's click would.
        let results = try await harness.run(
            Self.page(serve: serve.base, script: script), in: chromium,
            extra: ["--autoplay-policy=no-user-gesture-required"], as: Results.self)
        _ = try await serve.stop()
        return results
    }

    /// A page that opens `serve`'s page in a window and runs `script` on it (`app()` is
    /// its document, `players()` its players, `wait` polls a condition), then posts the
    /// `results` it filled to `/done`.
    static func page(serve: URL, script: String) -> String {
        """
        <!doctype html><meta charset="utf-8"><title>harness</title>
        <img src="/wait" alt="">
        <script>
        const serveURL = "\(serve.absoluteString)";
        \(HarnessServer.prelude)
        let appWindow = null;
        const app = () => appWindow.document;
        const players = () => app().querySelectorAll("main audio");
        (async () => {
          appWindow = window.open(serveURL, "app", "width=1200,height=900");
          await wait(() => players().length === 1 && app().getElementById("refresh"), 30000);
          results.playersAtStart = players().length;
        \(script)
        })().catch((error) => { results.error = String(error); }).finally(() => {
          fetch("/done", { method: "POST", body: JSON.stringify(results) });
        });
        </script>
        """
    }

    /// Plays the episode (muted), adds one upstream, clicks Refresh, waits for the second
    /// player, and checks the first is the same element, still playing.
    static let keepsPlaying = """
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
        """

    /// Adds an episode whose file is on another origin, clicks Refresh, waits for the page
    /// (reloaded for its new policy) to show its player, and asks that player for its file.
    static let newOrigin = """
          await fetch("/grow");
          app().getElementById("refresh").click();
          await wait(() => players().length === 2, 30000);
          results.playersAfterRefresh = players().length;
          const meta = app().querySelector('meta[http-equiv="Content-Security-Policy"]');
          results.policy = meta ? meta.getAttribute("content") : null;
          const second = Array.from(players()).find((audio) => /episode-2/.test(audio.getAttribute("src")));
          second.preload = "metadata";
          second.load();
          await wait(() => second.readyState >= 1 || second.error, 30000);
          results.secondReadyState = second.readyState;
          results.secondError = second.error ? second.error.code : null;
        """
}
