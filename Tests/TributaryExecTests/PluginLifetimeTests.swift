import Foundation
import Testing
import Tributary
@testable import TributaryExec
import TributaryTesting

/// Nothing a plugin starts outlives its run: not on the deadline, not when it exits.
@Suite struct PluginLifetimeTests {
    @Test func theDeadlineKillsASetsidGrandchildToo() async throws {
        let watch = try ProcessWatch()
        let arguments = [fixture("escapes.sh"), watch.folder.path]
        let process = PluginProcess(arguments: arguments, timeout: .seconds(3), maxOutputSize: 1024)
        let error = try await #require(throws: TributaryError.self) { try await process.run() }
        #expect(error.code == .timeout)
        let plugin = try #require(try await watch.processID("plugin", within: .zero))
        let grandchild = try #require(try await watch.processID("grandchild", within: .zero), "written within the 3 s")
        #expect(try await ProcessWatch.hasEnded(plugin, within: .seconds(10)))
        #expect(try await ProcessWatch.hasEnded(grandchild, within: .seconds(10)), "it left the group with setsid")
    }

    @Test func aPluginThatExitsWhileItsChildHoldsStandardOutputSucceedsAtOnce() async throws {
        let watch = try ProcessWatch()
        let started = ContinuousClock.now
        let arguments = [fixture("background-child.sh"), watch.folder.path]
        let process = PluginProcess(arguments: arguments, timeout: .seconds(30), maxOutputSize: 1024)
        let outcome = try await process.run()
        #expect(outcome.exitStatus == 0)
        let written = #"{"id": "1", "title": "Written before exit"}"# + "\n"
        #expect(String(decoding: outcome.output, as: UTF8.self) == written)
        #expect(ContinuousClock.now - started < .seconds(20), "on its exit status, not at the 30 s deadline")
        let child = try #require(try await watch.processID("child", within: .zero))
        #expect(try await ProcessWatch.hasEnded(child, within: .seconds(10)), "what the plugin left running is killed")
    }
}
