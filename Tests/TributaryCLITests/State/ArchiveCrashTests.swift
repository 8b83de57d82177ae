import Foundation
import Testing
import TributaryTesting

/// The archive under the state store's crash tests: runs killed at any moment and runs at
/// once lose no entry, repeat none, and never change an entry's id.
@Suite struct ArchiveCrashTests {
    /// Each title's entry id, from `digest --unread --limit 0 --format json` (every archived item).
    static func entryIDs(_ setup: ArchiveRunTests.Setup) async throws -> [String: Int] {
        let items = try await setup.digest(["--unread", "--limit", "0"])
        var ids: [String: Int] = [:]
        for item in items {
            let title = item["title"] as? String ?? ""
            #expect(ids[title] == nil, "\(title) is archived twice")
            ids[title] = item["entryID"] as? Int
        }
        return ids
    }

    @Test func killedRunsLoseNoEntryRepeatNoneAndKeepEveryID() async throws {
        let setup = try await ArchiveRunTests.setUp()
        defer { Task { await setup.server.shutdown() } }
        _ = try await setup.digest()
        let before = try await Self.entryIDs(setup)
        #expect(before.count == 5)
        setup.feed.grow(by: 2)
        let arguments = ["digest", "--config", setup.config.path, "--state", setup.state, "--no-cache"]
        for attempt in 0..<20 {
            let running = try TributaryBinary.start(arguments)
            try await Task.sleep(for: .milliseconds(5 * (attempt % 10)))  // a deliberate spread of moments to kill at
            running.send(SIGKILL)
            _ = try await running.finish()
        }
        _ = try await setup.digest()
        let after = try await Self.entryIDs(setup)
        #expect(after.count == 7, "\(after.keys.sorted())")
        #expect(before.allSatisfy { after[$0.key] == $0.value }, "ids never change: \(before) then \(after)")
    }

    @Test func runsAtOnceArchiveEachItemOnceUnderOneID() async throws {
        let setup = try await ArchiveRunTests.setUp()
        defer { Task { await setup.server.shutdown() } }
        let arguments = ["digest", "--config", setup.config.path, "--state", setup.state, "--no-cache"]
        async let first = TributaryBinary.run(arguments)
        async let second = TributaryBinary.run(arguments)
        async let third = TributaryBinary.run(arguments)
        for result in try await [first, second, third] { #expect(result.status == 0, "\(result.stderr)") }
        let ids = try await Self.entryIDs(setup)
        #expect(ids.count == 5 && Set(ids.values).count == 5, "\(ids)")
        setup.feed.grow(by: 1)
        async let fourth = TributaryBinary.run(arguments)
        async let fifth = TributaryBinary.run(arguments)
        for result in try await [fourth, fifth] { #expect(result.status == 0, "\(result.stderr)") }
        let later = try await Self.entryIDs(setup)
        #expect(later.count == 6 && ids.allSatisfy { later[$0.key] == $0.value }, "\(ids) then \(later)")
    }
}
