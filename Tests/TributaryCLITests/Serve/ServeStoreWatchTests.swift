import Foundation
import Testing
import TributaryTesting

/// The state store is the one truth: a `mark-read` or `mark-unread` run in another
/// terminal reaches a running `serve`'s page and API without a restart.
@Suite(.serialized) struct ServeStoreWatchTests {
    /// The titles `/api/digest` shows read, asked until `expected` or `limit` has passed.
    static func readTitles(
        of serve: ServeHarness, becoming expected: [String], within limit: Duration = .seconds(10)
    ) async throws -> [String] {
        let deadline = ContinuousClock.now + limit
        var titles: [String] = []
        repeat {
            let items = ServeAPITests.json(try await serve.send("/api/digest"))["items"] as? [[String: Any]] ?? []
            titles = items.filter { $0["read"] as? Bool == true }.compactMap { $0["title"] as? String }.sorted()
            if titles == expected { return titles }
            try await Task.sleep(for: .milliseconds(50))
        } while ContinuousClock.now < deadline
        return titles
    }

    @Test func aMarkReadInAnotherProcessShowsInTheRunningServe() async throws {
        let (_, server, config, state) = try await StateRunTests.setUp()
        defer { Task { await server.shutdown() } }
        let serve = try await ServeHarness.start(config: config)
        let token = try await serve.token()
        #expect(
            try await serve.send("/api/refresh", method: "POST", headers: ["X-Tributary-Token": token]).status == 200)
        #expect(try await Self.readTitles(of: serve, becoming: []) == [])
        let store = ["--config", config.path, "--state", state]
        let marked = try await TributaryBinary.run(["mark-read"] + store + ["g:https://example.org/2"])
        #expect(marked.stdout == "marked 1 item read\n", "\(marked.stderr)")
        #expect(try await Self.readTitles(of: serve, becoming: ["Post 2"]) == ["Post 2"])
        _ = try await TributaryBinary.run(["mark-unread"] + store + ["g:https://example.org/2"])
        #expect(try await Self.readTitles(of: serve, becoming: []) == [], "and unread again")
        _ = try await serve.stop()
    }
}
