import Foundation
import Testing
import Tributary
import TributaryTesting
import TributaryNetwork

/// One item per line of the body: the line is its title and, when it parses as one, its URL.
enum PipelineLines: LineItems {
    static let type = "lines"

    static func item(_ line: String, in feed: String) -> FeedItem {
        FeedItem(id: line, source: "", sourceType: type, kind: .post, title: line, url: URL(string: line))
    }
}

/// The host tests' source: one item per line of the local server's body.
typealias PipelineSource = LinesSource<PipelineLines>

@Suite struct DigestPipelineTests {
    func run(_ sources: String, server: LocalHTTPServer, timeout: String = "5") async throws -> Digest {
        let registry = SourceRegistry([SourceType(PipelineSource.self)])
        let json =
            #"{"timeout": \#(timeout), "sources": "#
            + #"[\#(sources.replacingOccurrences(of: "BASE", with: server.baseURL.absoluteString))]}"#
        let config = try ConfigLoader(registry: registry, environment: [:]).load(Data(json.utf8))
        let http = HTTPClient(transport: CurlTransport(userAgent: HTTPClient.userAgent), timeout: config.timeout)
        let pipeline = DigestPipeline(
            config: config, registry: registry, http: http, reducer: DigestReducer(config: config),
            retry: RetryPolicy(maxAttempts: 3, backoff: Backoff(initial: .milliseconds(10), jitter: 0))
        )
        return try await pipeline.run()
    }

    @Test func oneFailingSourceNeverSinksTheOthers() async throws {
        let server = try await LocalHTTPServer.start { request in
            switch request.path {
            case "/good": .text("alpha\nbeta")
            case "/gone": .text("not here", status: 404)
            default: .text("?", status: 400)
            }
        }
        let digest = try await run(
            #"{"id": "good", "type": "lines", "baseURL": "BASE"}, {"id": "gone", "type": "lines", "baseURL": "BASE"}"#,
            server: server)
        await server.shutdown()
        #expect(digest.items.map(\.id).sorted() == ["good:alpha", "good:beta"])
        #expect(digest.sources.map(\.state) == [.ok, .failed])
        #expect(digest.sources[1].message?.contains("not found (HTTP 404)") == true)
        #expect(server.requests.filter { $0.path == "/gone" }.count == 1, "permanent failures are not retried")
    }

    @Test func transientFailuresAreRetried() async throws {
        let attempts = Counter()
        let server = try await LocalHTTPServer.start { _ in
            await attempts.increment() < 3 ? .text("busy", status: 503) : .text("finally")
        }
        let digest = try await run(#"{"id": "flaky", "type": "lines", "baseURL": "BASE"}"#, server: server)
        await server.shutdown()
        #expect(digest.items.map(\.title) == ["finally"])
        #expect(await attempts.value == 3)
    }

    @Test func aSlowServerFailsOnlyItsOwnSourceWithTheDeadline() async throws {
        let server = try await LocalHTTPServer.start { request in
            var response = ServedResponse.text("late")
            if request.path == "/slow" { response.delay = .seconds(30) }
            return response
        }
        let started = ContinuousClock.now
        let digest = try await run(
            // The fast source has its own, long deadline: under ThreadSanitizer on a loaded
            // machine even a quick answer can take longer than half a second.
            #"{"id": "slow", "type": "lines", "baseURL": "BASE"}, {"id": "fast", "type": "lines", "baseURL": "#
                + #""BASE", "timeout": 20}"#,
            server: server, timeout: "0.5"
        )
        await server.shutdown()
        #expect(
            ContinuousClock.now - started < .seconds(25),
            "bounded by the deadline, not by the 30 s server (room left for sanitizer runs)")
        #expect(digest.sources[0].state == .failed)
        #expect(
            digest.sources[0].message?.hasPrefix("timed out after 0.") == true,
            "the request (0.5 s) or source (0.75 s) deadline: \(digest.sources[0].message ?? "")")
        #expect(digest.sources[1].state == .ok)
    }

    @Test func disabledEntriesAreSkippedAndItemsAreSanitized() async throws {
        let server = try await LocalHTTPServer.start { _ in .text("clean\u{1B}[31m title") }
        let digest = try await run(
            #"{"id": "on", "type": "lines", "baseURL": "BASE"}, {"id": "off", "type": "lines", "enabled": false}"#,
            server: server)
        await server.shutdown()
        #expect(digest.items.map(\.title) == ["clean[31m title"])
        #expect(digest.items.first?.id.hasPrefix("on:") == true)
        #expect(digest.sources[1].state == .skipped)
    }

    @Test func onlyHTTPAndHTTPSURLsWithAHostSurviveSanitising() async throws {
        let kept = ["https://example.com/a?b=1#c", "HTTPS://[::1]:8080/p", "http://user:pw@example.com:81"]
        let dropped = [
            "javascript:alert(1)", "http://user@/x", "ftp://example.com/f", "https://:443/", "mailto:a@example.com",
            "data:text/html,x", "https:/example.com",
        ]
        let server = try await LocalHTTPServer.start { _ in .text((kept + dropped).joined(separator: "\n")) }
        let digest = try await run(#"{"id": "u", "type": "lines", "baseURL": "BASE", "limit": 0}"#, server: server)
        await server.shutdown()
        let urls = Dictionary(uniqueKeysWithValues: digest.items.map { ($0.title, $0.urlString) })
        #expect(
            urls
                == Dictionary(
                    uniqueKeysWithValues: kept.map { ($0, Optional($0)) } + dropped.map { ($0, String?.none) }))
        #expect(digest.items.first { $0.title == kept[0] }?.url == URL(string: kept[0]))
    }
}
