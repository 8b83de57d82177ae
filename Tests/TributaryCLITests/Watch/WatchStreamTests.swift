import Foundation
import Testing
import TributaryTesting

/// `tributary watch` piped: each item written once, as it arrives, against a feed on
/// 127.0.0.1 refreshed every second.
@Suite struct WatchStreamTests {
    static func titles(_ lines: [String]) -> [String] {
        lines.compactMap { line in
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return object?["title"] as? String
        }
    }

    @Test func aNewUpstreamItemAppearsOnceWithinOneRefresh() async throws {
        let (feed, server, config, _) = try await StateRunTests.setUp()
        defer { Task { await server.shutdown() } }
        try Data(
            #"{"sources": [{"id": "g", "type": "feed", "url": "\#(server.baseURL)/feed.xml", "refresh": "1s"}]}"#
                .utf8
        ).write(to: config)
        let watch = try TributaryBinary.start(["watch", "--config", config.path, "--no-cache", "--format", "json"])
        let output = OutputLines(watch.out)
        let first = try await output.wait(upTo: .seconds(30)) { Self.titles($0).count == 3 }
        #expect(first, "the first three items: \(output.all)")
        #expect(Self.titles(output.all).sorted() == ["Post 1", "Post 2", "Post 3"])
        let asked = server.requests.count
        feed.grow(by: 1)
        let arrived = try await output.wait(upTo: .seconds(30)) { Self.titles($0).count == 4 }
        #expect(arrived && Self.titles(output.all).last == "Post 4", "\(output.all)")
        #expect(server.requests.count - asked <= 2, "within one refresh (one more may have been under way)")
        let later = server.requests.count
        _ = try await output.wait(upTo: .seconds(30)) { _ in server.requests.count >= later + 2 }
        #expect(
            Self.titles(output.all).sorted() == ["Post 1", "Post 2", "Post 3", "Post 4"],
            "two refreshes later, nothing was written twice: \(output.all)")
        watch.send(SIGTERM)
        let result = try await watch.finish()
        #expect(result.status == 143, "SIGTERM ends it with 128 + 15: \(result.stderr)")
    }

    @Test func aRefreshBelowTheMinimumIsAConfigurationError() async throws {
        let config = try TributaryBinary.config(
            #"{"sources": [{"id": "n", "type": "feed", "url": "https://example.org/feed.xml", "refresh": "10s"}]}"#)
        let result = try await TributaryBinary.run(["watch", "--config", config.path, "--no-cache"])
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stderr.contains(#"sources[0].refresh: "10s" is below the minimum of "1m" for network hosts"#))
    }
}
