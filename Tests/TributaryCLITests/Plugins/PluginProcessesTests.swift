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

    /// A hundred plugins, more than the 64 descriptors could hold if each kept one: none
    /// fails for want of a descriptor. (Under `ulimit -n 64` sources run one at a time.)
    @Test func aHundredPluginsUnderALimitOf64OpenFilesAllSucceed() async throws {
        let config = try Self.config(100, running: "tributary-source-described")
        let arguments = ["digest", "--config", config.path, "--format", "json"]
        let result = try await TributaryBinary.start(arguments, openFileLimit: 64).finish()
        #expect(result.status == 0, "stderr: \(result.stderr.prefix(2000))")
        let digest = try Self.digest(result)
        #expect(digest.sources.count == 100)
        #expect(digest.sources.filter { $0.status != "ok" }.map { "\($0.id): \($0.message ?? "")" }.prefix(5) == [])
    }

    /// Under `ulimit -n 96`, 8 sources run at once but plugins may use 48 descriptors, 8
    /// each: 6 at once, the cap that binds. 36 plugins of 0.5 s take 6 turns, 3 s, past
    /// the 2 s deadline of each: a plugin's deadline starts when it runs, not while it waits.
    @Test func sixPluginsRunAtOnceUnderALimitOf96OpenFiles() async throws {
        let watch = try ProcessWatch()
        let config = try Self.config(36, running: "slot.sh", [watch.folder.path])
        let arguments = ["digest", "--config", config.path, "--format", "json", "--timeout", "2"]
        let started = ContinuousClock.now
        let result = try await TributaryBinary.start(arguments, openFileLimit: 96).finish()
        let elapsed = ContinuousClock.now - started
        #expect(result.status == 0, "stderr: \(result.stderr.prefix(2000))")
        let failed = try Self.digest(result).sources.filter { $0.status != "ok" }
        #expect(failed.map { "\($0.id): \($0.message ?? "")" }.prefix(5) == [])
        let taken = try String(contentsOf: watch.folder.appendingPathComponent("taken"), encoding: .utf8)
        let slots = taken.split(separator: "\n").compactMap { Int($0) }
        #expect(slots.count == 36)
        #expect(slots.max() == 6, "6 plugins at once, not more, and the 6 are used")
        #expect(elapsed >= .seconds(3), "the last plugins waited longer than their deadline for a turn")
    }
}
