import Foundation
import Testing
import TributaryTesting

/// Many event-stream clients: each digest event is rendered once and its bytes shared,
/// and a client that does not read keeps at most the newest event, so 200 clients that
/// never read cost `serve` memory bounded by the digest's size, not by clients times
/// changes (it was +988 MB for 10 changes of a 490 KB digest), and a change reaches 500
/// reading clients at once (it took 12–27 s).
@Suite(.serialized) struct ServeSlowClientTests {
    /// A line of /proc/PID/status, in KiB.
    static func kibibytes(_ field: String, of pid: Int32) -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix(field + ":") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    @Test func twoHundredClientsThatNeverReadCostMemoryBoundedByTheDigest() async throws {
        let (feed, server, config) = try await BigFeed.serve(items: 1_000)
        defer { Task { await server.shutdown() } }
        let serve = try await ServeHarness.start(config: config)
        let pid = serve.running.process.processIdentifier
        #expect(try await serve.refresh() == 200)
        let digestBytes = try await serve.send("/api/digest").body.count
        let before = Self.kibibytes("VmRSS", of: pid)
        let stalled = try (1...200).map { _ in try serve.stalledEventClient() }
        for _ in 1...10 {
            _ = feed.grow()
            #expect(try await serve.refresh() == 200)
        }
        let healthy = try await serve.send("/api/digest")
        #expect(String(decoding: healthy.body, as: UTF8.self).contains("Post 1010\""), "serve still answers")
        let peak = Self.kibibytes("VmHWM", of: pid)
        let grown = (peak - before) * 1024
        print("serve: digest \(digestBytes) bytes, VmRSS \(before) KiB before the clients, VmHWM \(peak) KiB after")
        #expect(
            grown < 60 * digestBytes,
            "grew \(grown / 1_048_576) MiB for a \(digestBytes / 1024) KiB digest: more than the clients' newest events"
        )
        withExtendedLifetime(stalled) {}
        _ = try await serve.stop()
    }

    @Test func eachChangeReachesFiveHundredReadingClientsPromptly() async throws {
        let (feed, server, config) = try await BigFeed.serve(items: 1_000)
        defer { Task { await server.shutdown() } }
        let serve = try await ServeHarness.start(config: config)
        let port = serve.base.port ?? 0
        #expect(try await serve.refresh() == 200)
        let clients = try (1...500).map { _ in
            let connection = try RawConnection(port: port)
            try connection.send("GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
            return connection
        }
        let readers = EventReaders(clients)
        defer { readers.stop() }
        var slowest = Duration.zero
        var slowestAfterRefresh = Duration.zero
        for change in 1...10 {
            let title = feed.grow()
            readers.lookFor(title + "\"")
            let start = ContinuousClock.now
            #expect(try await serve.refresh() == 200)
            let refreshed = ContinuousClock.now
            while readers.reached < clients.count && ContinuousClock.now - start < .seconds(30) {
                try await Task.sleep(for: .milliseconds(10))
            }
            let took = ContinuousClock.now - start
            let fannedOut = ContinuousClock.now - refreshed
            slowest = max(slowest, took)
            slowestAfterRefresh = max(slowestAfterRefresh, fannedOut)
            #expect(readers.reached == clients.count, "change \(change): \(readers.reached) of 500 clients")
            // The refresh re-reads 1,000 items; what was slow (12–27 s) was sending the change out.
            #expect(
                fannedOut < SanitizerSlowdown.scaled(.seconds(5)),
                "change \(change) reached all 500 clients \(fannedOut) after the refresh's answer")
        }
        print(
            "serve: slowest of 10 changes to reach 500 clients: \(slowest) (\(slowestAfterRefresh) after the refresh's answer; bounds × \(SanitizerSlowdown.factor))"
        )
        _ = try await serve.stop()
    }
}
