import Foundation
import Testing
import Tributary
import TributaryTesting

/// A `serve` with the sync APIs on (user `reader`), over two loopback feeds: `w`, tagged
/// `news`, whose window is its 5 latest posts and grows on demand (`ArchiveRunTests.WindowedFeed`),
/// and `b`, with no tag, whose two posts never change.
struct SyncFixture {
    static let user = "reader"
    static let password = "correct horse battery staple"

    let feed: ArchiveRunTests.WindowedFeed
    let server: LocalHTTPServer
    let config: URL
    let serve: ServeHarness

    static func start(syncUser: String? = user) async throws -> SyncFixture {
        let feed = ArchiveRunTests.WindowedFeed()
        let other =
            #"<rss version="2.0"><channel><title>b</title><link>https://b.example/</link>"#
            + #"<item><title>Static one</title><link>https://b.example/1</link><guid>b1</guid>"#
            + "<pubDate>Sun, 01 Nov 2026 01:00:00 GMT</pubDate></item>"
            + #"<item><title>Static two</title><link>https://b.example/2</link><guid>b2</guid>"#
            + "<pubDate>Sun, 01 Nov 2026 02:00:00 GMT</pubDate></item></channel></rss>"
        let server = try await LocalHTTPServer.start { request in
            .text(request.path == "/b.xml" ? other : feed.body, contentType: "application/rss+xml")
        }
        let config = try TributaryBinary.config(
            #"{"sources": [{"id": "w", "type": "feed", "title": "Windowed", "tags": ["news"], "#
                + #""url": "\#(server.baseURL)/feed.xml"}, "#
                + #"{"id": "b", "type": "feed", "url": "\#(server.baseURL)/b.xml"}]}"#)
        let serve = try await ServeHarness.start(
            config: config, extra: syncUser.map { ["--sync-user", $0] } ?? [],
            environment: ["TRIBUTARY_SYNC_PASSWORD": password])
        return SyncFixture(feed: feed, server: server, config: config, serve: serve)
    }

    /// The `Authorization` header of HTTP Basic with these credentials.
    static func basic(_ user: String = user, _ password: String = password) -> [String: String] {
        ["Authorization": "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()]
    }

    /// Sends a request signed in with HTTP Basic.
    func send(_ path: String, method: String = "GET", body: String? = nil) async throws -> HTTPResponse {
        try await serve.send(path, method: method, headers: Self.basic(), body: body)
    }

    /// The JSON value of a signed-in request's answer.
    func json(_ path: String) async throws -> Any {
        let response = try await send(path)
        #expect(response.status == 200, "\(path): \(response.status) \(String(decoding: response.body, as: UTF8.self))")
        return try JSONSerialization.jsonObject(with: response.body)
    }

    /// Asks `serve` to refresh every source now and waits for the answer.
    func refresh() async throws {
        let token = try await serve.token()
        let response = try await serve.send("/api/refresh", method: "POST", headers: ["X-Tributary-Token": token])
        #expect(response.status == 200)
    }

    func stop() async throws {
        _ = try await serve.stop()
        await server.shutdown()
    }
}
