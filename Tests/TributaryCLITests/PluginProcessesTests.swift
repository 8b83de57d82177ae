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
        let tributary = try TributaryBinary.start(["digest", "--config", config.path, "--timeout", "300"])
        let plugin = try #require(try await watch.processID("plugin"))
        let grandchild = try #require(try await watch.processID("grandchild"))
        tributary.send(signal)
        #expect(try await tributary.hasEnded(within: .seconds(60)))
        #expect(try await ProcessWatch.hasEnded(plugin, within: .seconds(10)), "the plugin, signal \(signal)")
        #expect(try await ProcessWatch.hasEnded(grandchild, within: .seconds(10)), "setsid'd child, signal \(signal)")
    }

    @Test func aPluginThatExitsWhileItsChildHoldsStandardOutputSucceedsOnItsExitStatus() async throws {
        let watch = try ProcessWatch()
        let config = try Self.config(1, running: "background-child.sh", [watch.folder.path])
        let arguments = ["digest", "--config", config.path, "--format", "json", "--timeout", "30"]
        let result = try await TributaryBinary.run(arguments)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let digest = try Self.digest(result)
        #expect(digest.sources.map(\.status) == ["ok"], "not at the 30 s deadline: \(digest.sources.map(\.message))")
        #expect(digest.items.map(\.title) == ["Written before exit"])
    }

    @Test func threeHundredPluginsUnderALimitOf64OpenFilesAllSucceed() async throws {
        let config = try Self.config(300, running: "tributary-source-described")
        let arguments = ["digest", "--config", config.path, "--format", "json"]
        let result = try await TributaryBinary.start(arguments, openFileLimit: 64).finish()
        #expect(result.status == 0, "stderr: \(result.stderr.prefix(2000))")
        let digest = try Self.digest(result)
        #expect(digest.sources.count == 300)
        #expect(digest.sources.filter { $0.status != "ok" }.map { "\($0.id): \($0.message ?? "")" }.prefix(5) == [])
    }

    /// Under `ulimit -n 64`, plugins may use 32 descriptors, 8 each: 4 at once. 48 plugins of
    /// 0.5 s take 12 turns, longer than the 4.5 s the host gives a 3 s source: a plugin's
    /// deadline starts when it runs, not while it waits for its turn.
    @Test func atMostFourPluginsRunAtOnceUnderALimitOf64OpenFiles() async throws {
        let watch = try ProcessWatch()
        let config = try Self.config(48, running: "slot.sh", [watch.folder.path])
        let arguments = ["digest", "--config", config.path, "--format", "json", "--timeout", "3"]
        let result = try await TributaryBinary.start(arguments, openFileLimit: 64).finish()
        #expect(result.status == 0, "stderr: \(result.stderr.prefix(2000))")
        let failed = try Self.digest(result).sources.filter { $0.status != "ok" }
        #expect(failed.map { "\($0.id): \($0.message ?? "")" }.prefix(5) == [])
        let taken = try String(contentsOf: watch.folder.appendingPathComponent("taken"), encoding: .utf8)
        let slots = taken.split(separator: "\n").compactMap { Int($0) }
        #expect(slots.count == 48)
        #expect(slots.max() ?? 0 <= 4, "at most 4 plugins at once, saw \(slots.max() ?? 0)")
    }
}
