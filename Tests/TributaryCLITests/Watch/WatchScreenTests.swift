import Foundation
import Testing
import TributaryTesting

/// `tributary watch` on a terminal (a pseudo-terminal from util-linux's `script`): the
/// items and a footer line of the sources; `q`, Ctrl-C, SIGTERM and a crash all leave
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
        let screen = try await WatchTerminalTests.Screen.start(config: config, columns: 80)
        switch action {
        case .typing(let key): screen.type(key)
        case .signalling(let number): try screen.signal(number)
        }
        return try await screen.end()
    }

    @Test func qAndCtrlCBothRestoreTheTerminal() async throws {
        let (_, server, config, _) = try await StateRunTests.setUp()
        defer { Task { await server.shutdown() } }
        let quit = try await Self.watch(config: config, then: .typing("q"))
        #expect(quit.status == 0)
        #expect(quit.screen.contains("Post 3") && quit.screen.contains("j/k move · Enter read"), "\(quit.screen)")
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
