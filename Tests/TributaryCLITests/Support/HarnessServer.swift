import Foundation
import Testing
import TributaryTesting

/// The test's own loopback server behind a Chromium harness page: `/harness.html` is the
/// page (`page` makes it once `serve`'s address is known), `/wait` holds Chromium's load
/// until `/done` brings the page's results, and `routes` answers every other path (a feed,
/// a file, `/grow`); nil from it is a 404.
final class HarnessServer: Sendable {
    let server: LocalHTTPServer
    private let results: LiveValueBox<Data>
    private let page: LiveValueBox<String>

    /// The JavaScript every harness page starts with: `wait(test, limit)` polls `test`
    /// every 20 ms until it holds (or rejects after `limit` ms), and `results`, what it posts.
    static let prelude = #"""
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
        """#

    private init(server: LocalHTTPServer, results: LiveValueBox<Data>, page: LiveValueBox<String>) {
        self.server = server
        self.results = results
        self.page = page
    }

    static func start(routes: @escaping @Sendable (ServedRequest) async -> ServedResponse?) async throws
        -> HarnessServer
    {
        let results = LiveValueBox<Data>()
        let page = LiveValueBox<String>()
        let done = Latch()
        let server = try await LocalHTTPServer.start { request in
            switch request.path {
            case "/done":
                results.value = request.body
                await done.release()
                return .text("thanks")
            case "/wait":
                await done.wait()
                return .text("", status: 204)
            case "/harness.html": return .text(page.value ?? "", contentType: "text/html")
            default: return await routes(request) ?? .text("gone", status: 404)
            }
        }
        return HarnessServer(server: server, results: results, page: page)
    }

    /// Loads the harness page `html` in Chromium (with `extra` flags) until it posts its
    /// results, and decodes them.
    func run<Results: Decodable>(
        _ html: String, in chromium: Chromium, extra: [String] = [], as _: Results.Type
    ) async throws -> Results {
        page.value = html
        let url = server.baseURL.appendingPathComponent("harness.html")
        _ = try await offPool { try ServeBrowserHarness.dumpDOM(chromium, url, extra: extra) }
        let posted = try #require(results.value, "the harness page posted no results")
        return try JSONDecoder().decode(Results.self, from: posted)
    }

    func shutdown() async { await server.shutdown() }
}
