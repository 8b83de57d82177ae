import Foundation
import Testing
import TributaryTesting

/// Exec plugins as processes: how many run at once, and that none outlives Tributary.
@Suite struct PluginProcessesTests {
    static let fixtures = TributaryBinary.root.appendingPathComponent("Tests/TributaryExecTests/Fixtures")

    /// A feeds.json of exec entries `p1`, `p2`… each running `fixture` with `arguments`.
    static func config(_ count: Int, running fixture: String, _ arguments: [String] = []) throws -> URL {
        let command = [fixtures.appendingPathComponent(fixture).path] + arguments
        let commandJSON = String(decoding: try JSONEncoder().encode(command), as: UTF8.self)
        let entries = (1...count).map { #"{"id": "p\#($0)", "type": "exec", "command": \#(commandJSON)}"# }
        return try TributaryBinary.config(#"{"sources": [\#(entries.joined(separator: ",\n"))]}"#)
    }

    static func digest(_ result: TributaryBinary.Result) throws -> EndToEndTests.DigestJSON {
        try JSONDecoder().decode(EndToEndTests.DigestJSON.self, from: Data(result.stdout.utf8))
    }

    @Test(arguments: [SIGKILL, SIGTERM, SIGHUP])
    func pluginsAndTheirSetsidGrandchildrenDieWithTributary(signal: Int32) async throws {
        let watch = try ProcessWatch()
        let config = try Self.config(1, running: "escapes.sh", [watch.folder.path])
        let tributary = try RunningTributary.start(["digest", "--config", config.path, "--timeout", "300"])
        let plugin = try #require(try await watch.processID("plugin"))
        let grandchild = try #require(try await watch.processID("grandchild"))
        tributary.send(signal)
        _ = try await tributary.finish()
        #expect(try await ProcessWatch.hasEnded(plugin, within: .seconds(10)), "the plugin, signal \(signal)")
        #expect(try await ProcessWatch.hasEnded(grandchild, within: .seconds(10)), "its setsid'd child, signal \(signal)")
    }

    @Test func aPluginThatExitsWhileItsChildHoldsStandardOutputSucceedsOnItsExitStatus() async throws {
        let watch = try ProcessWatch()
        let config = try Self.config(1, running: "background-child.sh", [watch.folder.path])
        let result = try await TributaryBinary.run(["digest", "--config", config.path, "--format", "json", "--timeout", "30"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let digest = try Self.digest(result)
        #expect(digest.sources.map(\.status) == ["ok"], "not failed at the 30 s deadline: \(digest.sources.map(\.message))")
        #expect(digest.items.map(\.title) == ["Written before exit"])
    }
}
