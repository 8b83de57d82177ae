import Foundation
import Testing
import TributaryTesting

/// `digest`'s deadline in one carrier: an entry's `timeout` in feeds.json, else
/// `--timeout`, else feeds.json's `timeout`, is the one the run keeps. The server holds
/// its answer 3 s, ten times the deadline under test and far under the other one (60 s),
/// so the source fails only with the deadline under test: at libcurl's 0.3 s for the
/// request, or, on a busy machine where that one is late, at the source's own 1.5 × 0.3 s.
/// (`LiveTimeoutTests` and `EntryPipelineTests`, on a manual clock, see libcurl's alone.)
@Suite struct TimeoutReachTests {
    func status(config entries: String, top: String, extra: [String] = []) async throws -> [String: Any] {
        let server = try await LocalHTTPServer.start { _ in
            ServedResponse(body: Data("<rss version=\"2.0\"><channel></channel></rss>".utf8), delay: .seconds(3))
        }
        defer { Task { await server.shutdown() } }
        let config = try TributaryBinary.config(
            #"{"timeout": \#(top), "sources": [\#(entries.replacingOccurrences(of: "BASE", with: server.baseURL.absoluteString))]}"#
        )
        let result = try await TributaryBinary.run(
            ["digest", "--config", config.path, "--no-cache", "--no-state", "--format", "json", "-q"] + extra)
        #expect(result.status == 2, "the source failed: \(result.stderr)")
        #expect(server.requests.count >= 1, "the request was sent")
        let digest = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return try #require((digest?["sources"] as? [[String: Any]])?.first)
    }

    /// Whether `status` is a failure at a 0.3 s deadline, the request's or the source's.
    func failedAtTheShortDeadline(_ status: [String: Any]) -> Bool {
        let message = status["message"] as? String ?? ""
        return status["status"] as? String == "failed"
            && (message.contains("timed out after 0.3 s waiting for 127.0.0.1") || message == "timed out after 0.5 s")
    }

    @Test func anEntrysTimeoutReachesTheRequest() async throws {
        let status = try await status(
            config: #"{"id": "f", "type": "feed", "url": "BASE/feed.xml", "timeout": "300ms"}"#, top: "60")
        #expect(
            (status["message"] as? String)?.contains("timed out after 0.3 s waiting for 127.0.0.1") == true, "\(status)"
        )
    }

    @Test func theTimeoutFlagReachesTheRequestOfAnEntryThatSetsNone() async throws {
        let status = try await status(
            config: #"{"id": "f", "type": "feed", "url": "BASE/feed.xml"}"#, top: "60", extra: ["--timeout", "300ms"])
        #expect(
            (status["message"] as? String)?.contains("timed out after 0.3 s waiting for 127.0.0.1") == true, "\(status)"
        )
    }

    @Test func feedsJSONsTimeoutReachesTheRequestOfAnEntryThatSetsNone() async throws {
        let status = try await status(config: #"{"id": "f", "type": "feed", "url": "BASE/feed.xml"}"#, top: #""300ms""#)
        #expect(
            (status["message"] as? String)?.contains("timed out after 0.3 s waiting for 127.0.0.1") == true, "\(status)"
        )
    }
}
