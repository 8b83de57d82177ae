import Foundation
import Testing
import TributaryTesting

/// `watch` on a terminal of a given size (a pseudo-terminal from util-linux's `script`):
/// lines fit the window, Ctrl-Z leaves the terminal as it was and `fg` brings the screen
/// and its keys back, and a hang-up or Ctrl-\ restores the terminal and ends the run.
@Suite(.serialized) struct WatchTerminalTests {
    static let entered = "\u{1B}[?1049h"
    static let restored = WatchScreenTests.restored

    /// A running `watch` on a `columns`-wide terminal, with what it wrote so far.
    struct Screen {
        let process: Process
        let input: Pipe
        let lines: OutputLines

        static func start(config: URL, columns: Int) async throws -> Screen {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
            let command =
                "stty cols \(columns) rows 30; exec \(TributaryBinary.executable.path) watch --config \(config.path) "
                + "--no-state --no-cache"
            process.arguments = ["-qfec", command, "/dev/null"]
            process.environment = TributaryBinary.isolatedEnvironment
            let input = Pipe()
            let output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            try process.run()
            let screen = Screen(process: process, input: input, lines: OutputLines(output))
            #expect(try await screen.shows("g: ok"), "no screen: \(screen.lines.all)")
            return screen
        }

        func shows(_ text: String, after earlier: Int = 0) async throws -> Bool {
            try await lines.wait(upTo: .seconds(30)) { _ in
                let all = lines.text
                return String(decoding: all.utf8.dropFirst(earlier), as: UTF8.self).contains(text)
            }
        }

        func type(_ key: String) { input.fileHandleForWriting.write(Data(key.utf8)) }

        func signal(_ number: Int32) throws {
            let tributary = try #require(ProcessWatch.child(of: process.processIdentifier), "script runs no tributary")
            kill(tributary, number)
        }

        /// Whether `tributary` is stopped (state `T` in /proc) within 10 s.
        func hasStopped() async throws -> Bool {
            let tributary = try #require(ProcessWatch.child(of: process.processIdentifier))
            for _ in 0..<100 {
                let stat = (try? String(contentsOfFile: "/proc/\(tributary)/stat", encoding: .utf8)) ?? ""
                if stat.split(separator: ")").last?.split(separator: " ").first == "T" { return true }
                try await Task.sleep(for: .milliseconds(100))
            }
            return false
        }

        /// Continues the stopped job as a shell's `fg` does: `script`, which stops itself
        /// when its child stops, and `tributary`.
        func continueJob() throws {
            kill(process.processIdentifier, SIGCONT)
            try signal(SIGCONT)
        }

        func end() async throws -> (status: Int32, screen: String) {
            try await offPool { process.waitUntilExit() }
            _ = try await lines.wait(upTo: .seconds(5)) { _ in lines.text.contains(WatchTerminalTests.restored) }
            return (process.terminationStatus, lines.text)
        }
    }

    static func longTitleFeed() async throws -> (LocalHTTPServer, URL) {
        let title = (1...30).map { "word\($0)" }.joined(separator: " ")
        let server = try await LocalHTTPServer.start { _ in
            .text(
                #"<rss version="2.0"><channel><title>g</title><item><title>\#(title)</title>"#
                    + "<link>https://example.org/1</link></item></channel></rss>",
                contentType: "application/rss+xml")
        }
        let config = try TributaryBinary.config(
            #"{"sources": [{"id": "g", "type": "feed", "url": "\#(server.baseURL)/feed.xml"}]}"#)
        return (server, config)
    }

    @Test func linesAreCutToTheWindowNotTo80Columns() async throws {
        let (server, config) = try await Self.longTitleFeed()
        defer { Task { await server.shutdown() } }
        let screen = try await Screen.start(config: config, columns: 120)
        screen.type("q")
        let (status, text) = try await screen.end()
        #expect(status == 0)
        let titleLine = try #require(
            TerminalRun.withoutOwnEscapes(text).replacingOccurrences(of: "\u{1B}[2K", with: "")
                .split(whereSeparator: \.isNewline).first { $0.contains("word1 ") },
            "\(text)")
        #expect(TerminalRun.cells(titleLine) > 80, "cut wider than 80: \(titleLine)")
        #expect(TerminalRun.cells(titleLine) <= 120, "and within the window: \(titleLine)")
    }

    @Test func ctrlZThenFgGivesBackTheScreenAndItsKeys() async throws {
        let (_, server, config, _) = try await StateRunTests.setUp()
        defer { Task { await server.shutdown() } }
        let screen = try await Screen.start(config: config, columns: 100)
        let before = screen.lines.text.utf8.count
        try screen.signal(SIGTSTP)
        // script stops itself when its child stops, maybe before it relays what the child
        // wrote last: what Ctrl-Z wrote is read once the job is continued.
        #expect(try await screen.hasStopped(), "the job stopped")
        try screen.continueJob()
        #expect(try await screen.shows(Self.restored, after: before), "restored before it stopped")
        #expect(try await screen.shows(Self.entered, after: before), "set up again on SIGCONT")
        let tail = String(decoding: screen.lines.text.utf8.dropFirst(before), as: UTF8.self)
        let restoredAt = try #require(tail.range(of: Self.restored), "\(tail)")
        let enteredAt = try #require(tail.range(of: Self.entered), "\(tail)")
        #expect(restoredAt.lowerBound < enteredAt.lowerBound, "the screen is left before it is set up again")
        #expect(try await screen.shows("Post 3", after: before), "and drawn again")
        screen.type("q")  // a key alone, with no Enter: the terminal is in its one-key mode again
        let (status, _) = try await screen.end()
        #expect(status == 0)
    }

    @Test(arguments: [("hang-up", SIGHUP, "hung up"), ("Ctrl-\\", SIGQUIT, "quit")])
    func aHangUpAndCtrlBackslashRestoreTheTerminal(name: String, signal: Int32, word: String) async throws {
        let (_, server, config, _) = try await StateRunTests.setUp()
        defer { Task { await server.shutdown() } }
        let screen = try await Screen.start(config: config, columns: 100)
        if signal == SIGQUIT { screen.type("\u{1C}") } else { try screen.signal(signal) }
        let (status, text) = try await screen.end()
        #expect(status == 128 + signal, "\(name): \(text)")
        let restoredAt = try #require(text.range(of: Self.restored, options: .backwards), "\(name): \(text)")
        #expect(text[restoredAt.upperBound...].contains("tributary: \(word)"), "\(name): \(text)")
        #expect(!text.contains("crashed") && !text.contains("Backtrace"), "no crash report: \(text)")
    }
}
