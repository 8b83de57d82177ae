import Foundation
import Testing
import TributaryTesting

/// Ctrl-C and SIGTERM while `report` and `digest` wait on a server that hangs: the run stops
/// at once with 130 or 143, and an existing report is left as it was.
@Suite struct ReportSignalTests {
    enum Phase: String, CaseIterable, Sendable {
        /// The feed itself hangs.
        case fetching
        /// The feed answers; its thumbnails hang (`--embed-images`).
        case embedding
    }

    static let signals: [(signal: Int32, status: Int32, word: String)] = [
        (SIGINT, 130, "interrupted"), (SIGTERM, 143, "terminated"),
    ]

    /// An RSS feed of three items with thumbnails; `hanging` paths answer after two minutes.
    static func server(hanging: Phase) async throws -> LocalHTTPServer {
        try await LocalHTTPServer.start { request in
            let isFeed = request.path == "/feed.xml"
            let hangs = isFeed == (hanging == .fetching)
            let base = "http://\(request.headers["host"] ?? "")"
            let body = isFeed ? Data(feed(base).utf8) : SampleDigest.thumbnails[0]
            let type = isFeed ? "application/rss+xml" : "image/png"
            return ServedResponse(headers: ["Content-Type": type], body: body, delay: hangs ? .seconds(120) : nil)
        }
    }

    static func feed(_ base: String) -> String {
        let items = (1...3).map { index in
            """
            <item><title>Item \(index)</title><link>\(base)/\(index)</link><guid>\(index)</guid>\
            <media:thumbnail url="\(base)/thumb-\(index).png"/></item>
            """
        }
        return """
            <?xml version="1.0"?><rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/">\
            <channel><title>Hanging</title>\(items.joined())</channel></rss>
            """
    }

    @Test(arguments: Phase.allCases, [0, 1])
    func aSignalStopsTheReportAtOnceAndKeepsTheOldOne(phase: Phase, which: Int) async throws {
        let (signal, status, word) = Self.signals[which]
        let server = try await Self.server(hanging: phase)
        defer { Task { await server.shutdown() } }
        let config = try TributaryBinary.config(
            #"{"timeout": 30, "sources": [{"id": "hanging", "type": "feed", "url": "\#(server.baseURL)/feed.xml"}]}"#
        )
        let folder = config.deletingLastPathComponent()
        let report = folder.appendingPathComponent("digest.html")
        try Data("old report".utf8).write(to: report)
        let waitFor = phase == .fetching ? "/feed.xml" : "/thumb-"
        let arguments = ["report", "--config", config.path, "--out", report.path, "--embed-images", "--no-cache"]
        let (result, elapsed) = try await Self.signalled(arguments, with: signal, once: server, received: waitFor)

        #expect(result.status == status, "stderr: \(result.stderr)")
        #expect(result.stderr.contains("tributary: \(word)"))
        #expect(elapsed < .seconds(10), "the run went on for \(elapsed) after the signal")
        #expect(try String(contentsOf: report, encoding: .utf8) == "old report")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty, "temporary files left behind: \(leftovers)")
    }

    @Test func sigtermStopsTheDigestWith143() async throws {
        let server = try await Self.server(hanging: .fetching)
        defer { Task { await server.shutdown() } }
        let config = try TributaryBinary.config(
            #"{"timeout": 30, "sources": [{"id": "hanging", "type": "feed", "url": "\#(server.baseURL)/feed.xml"}]}"#
        )
        let arguments = ["digest", "--config", config.path, "--no-cache"]
        let (result, elapsed) = try await Self.signalled(arguments, with: SIGTERM, once: server, received: "/feed.xml")
        #expect(result.status == 143, "stderr: \(result.stderr)")
        #expect(result.stderr.contains("tributary: terminated"))
        #expect(result.stdout.isEmpty)
        #expect(elapsed < .seconds(10), "the run went on for \(elapsed) after the signal")
    }

    /// Runs the binary, sends `signal` once the server received a request whose path starts
    /// with `path`, and returns the result with the time from the signal to the exit.
    static func signalled(
        _ arguments: [String], with signal: Int32, once server: LocalHTTPServer, received path: String
    ) async throws -> (TributaryBinary.Result, Duration) {
        let running = try TributaryBinary.start(arguments)
        let deadline = ContinuousClock.now + .seconds(60)
        while !server.requests.contains(where: { $0.path.hasPrefix(path) }) && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(server.requests.contains { $0.path.hasPrefix(path) }, "no request for \(path) within 60 s")
        let sent = ContinuousClock.now
        kill(running.process.processIdentifier, signal)
        let result = try await running.finish()
        return (result, ContinuousClock.now - sent)
    }
}
