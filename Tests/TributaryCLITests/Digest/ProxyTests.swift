import Foundation
import Testing
import TributaryTesting

/// Proxies come from the standard `http_proxy`/`https_proxy`/`no_proxy` variables, which
/// libcurl reads itself; a local server that answers absolute-form requests stands in
/// for the proxy (curl sends even 127.0.0.1 through it unless `no_proxy` names it).
@Suite struct ProxyTests {
    static let feed = Data(ConfigLookupTests.rss("Through the proxy").utf8)

    static func config(url: String) throws -> URL {
        try TributaryBinary.config(#"{"sources": [{"id": "far", "type": "feed", "url": "\#(url)"}]}"#)
    }

    static func digest(_ config: URL, environment: [String: String]) async throws -> TributaryBinary.Result {
        try await TributaryBinary.run(
            ["digest", "--config", config.path, "--format", "json", "--no-state", "--no-cache"],
            environment: environment)
    }

    @Test func aFeedIsFetchedThroughHttpProxyWithItsCredentials() async throws {
        let proxy = try await LocalHTTPServer.start { request in
            request.uri == "http://feed.example/feed.xml"
                ? .body(ProxyTests.feed, contentType: "application/rss+xml") : .text("not proxied", status: 502)
        }
        defer { Task { await proxy.shutdown() } }
        let proxyURL = "http://reader:pr0xy-pass@127.0.0.1:\(proxy.baseURL.port!)"
        let result = try await Self.digest(
            try Self.config(url: "http://feed.example/feed.xml"), environment: ["http_proxy": proxyURL])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Through the proxy"))
        let request = try #require(proxy.requests.first)
        #expect(
            request.headers["proxy-authorization"] == "Basic " + Data("reader:pr0xy-pass".utf8).base64EncodedString())
    }

    @Test func noProxyNamesHostsFetchedDirectly() async throws {
        let proxy = try await LocalHTTPServer.start { _ in .text("proxy", status: 502) }
        let direct = try await LocalHTTPServer.start { _ in .body(ProxyTests.feed, contentType: "application/rss+xml") }
        defer { Task { await proxy.shutdown() } }
        defer { Task { await direct.shutdown() } }
        let result = try await Self.digest(
            try Self.config(url: "\(direct.baseURL)/feed.xml"),
            environment: ["http_proxy": proxy.baseURL.absoluteString, "no_proxy": "localhost,127.0.0.1"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(proxy.requests.isEmpty)
        #expect(direct.requests.count == 1)
    }

    @Test func aProxyThatCannotBeReachedIsNamedWithoutItsPassword() async throws {
        let closed = try await LocalHTTPServer.start { _ in .text("") }
        let port = closed.baseURL.port!
        await closed.shutdown()
        let result = try await Self.digest(
            try Self.config(url: "http://feed.example/feed.xml"),
            environment: ["http_proxy": "http://reader:pr0xy-pass@127.0.0.1:\(port)"])
        #expect(result.status == 2)
        #expect(!result.stdout.contains("pr0xy-pass") && !result.stderr.contains("pr0xy-pass"))
        #expect(
            result.stderr.contains(
                "cannot connect to feed.example through the proxy http://reader:***@127.0.0.1:\(port) (from "
                    + "http_proxy): "
                    + "connection refused or lost"),
            "\(result.stderr)")
    }
}
