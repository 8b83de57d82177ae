import Foundation
import Testing
import TributaryTesting

/// `serve` stops cleanly on SIGTERM and Ctrl-C, with the documented exit code, even while
/// event-stream clients that never read lag behind a large digest (it used to die in
/// SwiftNIO's "Deinited NIOAsyncWriter without calling finish()", exit 132, in 5 of 12 runs).
@Suite(.serialized) struct ServeShutdownTests {
    /// Runs in the suite; the 50 were run by hand (see the commit).
    static let runs = 6

    @Test func aSignalStopsServeCleanlyWhileTwentyClientsLagBehindAThousandItems() async throws {
        let (feed, server, config) = try await BigFeed.serve(items: 1_000)
        defer { Task { await server.shutdown() } }
        for run in 1...Self.runs {
            let signal = run.isMultiple(of: 2) ? SIGTERM : SIGINT
            let serve = try await ServeHarness.start(config: config)
            #expect(try await serve.refresh() == 200)
            #expect(try await serve.itemCount() >= 1_000)
            let stalled = try (1...20).map { _ in try serve.stalledEventClient() }
            _ = feed.grow()
            #expect(try await serve.refresh() == 200, "a second large event, which the stalled clients lag behind")
            serve.running.send(signal)
            let stopped = try await serve.finish()
            let name = signal == SIGTERM ? "terminated" : "interrupted"
            let line = "tributary: \(name); stopped serving"
            #expect(stopped.status == 128 + signal, "run \(run): \(stopped.stderr)")
            #expect(
                serve.errors.all.last == line && !stopped.stderr.contains("NIOAsyncWriter"),
                "run \(run): \(stopped.stderr)")
            withExtendedLifetime(stalled) {}
        }
    }
}
