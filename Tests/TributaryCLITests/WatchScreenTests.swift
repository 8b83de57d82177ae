import Foundation
import Testing
import TributaryTesting

/// `tributary watch` on a terminal (a pseudo-terminal from util-linux's `script`): the
/// digest and a live status line per source, `q` and Ctrl-C both leave the terminal as
/// it was (cursor shown, main screen back).
@Suite(.serialized) struct WatchScreenTests {
    static let restored = "\u{1B}[?25h\u{1B}[?1049l"

    /// Runs `watch` on a pseudo-terminal, types `key` once the screen shows the source
    /// answered, and returns its exit status and everything it wrote.
    static func watch(config: URL, typing key: String) async throws -> (status: Int32, screen: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        let command = "\(TributaryBinary.executable.path) watch --config \(config.path) --no-state --no-cache"
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
        input.fileHandleForWriting.write(Data(key.utf8))
        try await offPool { process.waitUntilExit() }
        _ = try await lines.wait(upTo: .seconds(5)) { _ in lines.text.contains(Self.restored) }
        return (process.terminationStatus, lines.text)
    }

    @Test func qAndCtrlCBothRestoreTheTerminal() async throws {
        let (_, server, config, _) = try await StateRunTests.setUp()
        defer { Task { await server.shutdown() } }
        let quit = try await Self.watch(config: config, typing: "q")
        #expect(quit.status == 0)
        #expect(quit.screen.contains("Post 3") && quit.screen.contains("r refresh all · q quit"), "\(quit.screen)")
        #expect(quit.screen.hasSuffix(Self.restored), "the terminal is restored last")
        let interrupted = try await Self.watch(config: config, typing: "\u{03}")
        #expect(interrupted.status == 130, "Ctrl-C: \(interrupted.screen)")
        #expect(interrupted.screen.contains(Self.restored))
    }
}
