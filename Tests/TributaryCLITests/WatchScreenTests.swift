import Foundation
import Testing
import TributaryTesting

/// `tributary watch` on a terminal (a pseudo-terminal from util-linux's `script`): the
/// digest and a live status line per source; `q`, Ctrl-C, SIGTERM and a crash all leave
/// the terminal as it was (cursor shown, main screen back).
@Suite(.serialized) struct WatchScreenTests {
    static let restored = "\u{1B}[?25h\u{1B}[?1049l"

    /// What the test does once the screen shows the source answered.
    enum Action {
        /// Types a key.
        case typing(String)
        /// Sends a signal to `tributary` itself (not to `script`, which runs it).
        case signalling(Int32)
    }

    /// Runs `watch` on a pseudo-terminal, acts once the screen shows the source answered,
    /// and returns its exit status (`script`'s, which passes on the command's) and
    /// everything it wrote.
    static func watch(config: URL, then action: Action) async throws -> (status: Int32, screen: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        let command = "exec \(TributaryBinary.executable.path) watch --config \(config.path) --no-state --no-cache"
        process.arguments = ["-qfec", command, "/dev/null"]
        process.environment = TributaryBinary.isolatedEnvironment
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let lines = OutputLines(output)
        let drawn = try await lines.wait(upTo: .seconds(30)) { _ in lines.text.contains("g: ok · next refresh ") }
        #expect(drawn, "no screen: \(lines.all)")
        switch action {
        case .typing(let key): input.fileHandleForWriting.write(Data(key.utf8))
        case .signalling(let number):
            // script's shell execs tributary: its one child.
            let tributary = try #require(
                ProcessWatch.child(of: process.processIdentifier), "script runs no tributary")
            kill(tributary, number)
        }
        try await offPool { process.waitUntilExit() }
        _ = try await lines.wait(upTo: .seconds(5)) { _ in lines.text.contains(Self.restored) }
        return (process.terminationStatus, lines.text)
    }

    @Test func qAndCtrlCBothRestoreTheTerminal() async throws {
        let (_, server, config, _) = try await StateRunTests.setUp()
        defer { Task { await server.shutdown() } }
        let quit = try await Self.watch(config: config, then: .typing("q"))
        #expect(quit.status == 0)
        #expect(quit.screen.contains("Post 3") && quit.screen.contains("r refresh all · q quit"), "\(quit.screen)")
        #expect(quit.screen.hasSuffix(Self.restored), "the terminal is restored last")
        let interrupted = try await Self.watch(config: config, then: .typing("\u{03}"))
        #expect(interrupted.status == 130, "Ctrl-C: \(interrupted.screen)")
        #expect(interrupted.screen.contains(Self.restored))
    }

    /// SIGTERM ends the run as Ctrl-C does; a fatal signal (sent here, as a crash would
    /// raise it) runs the crash handler, which restores the terminal before the signal kills
    /// the process.
    @Test func sigtermAndAFatalSignalRestoreTheTerminalToo() async throws {
        let (_, server, config, _) = try await StateRunTests.setUp()
        defer { Task { await server.shutdown() } }
        let terminated = try await Self.watch(config: config, then: .signalling(SIGTERM))
        #expect(terminated.status == 128 + SIGTERM, "SIGTERM: \(terminated.screen)")
        let restoredAt = try #require(terminated.screen.range(of: Self.restored), "\(terminated.screen)")
        #expect(
            terminated.screen[restoredAt.upperBound...].contains("tributary: terminated"),
            "the reason comes after the restore, on the main screen")
        let crashed = try await Self.watch(config: config, then: .signalling(SIGSEGV))
        #expect(crashed.status == 128 + SIGSEGV, "still killed by the signal: \(crashed.screen)")
        #expect(crashed.screen.contains(Self.restored), "\(crashed.screen)")
    }
}
