import Foundation
import Testing
import TributaryTesting

/// Debian's newsboat, unmodified and headless, as a sync client of `serve`: its
/// configuration in a folder of its own, `-x reload print-unread` for the unread count,
/// and an interactive session in tmux driven with `send-keys`.
struct Newsboat {
    let folder: URL

    /// A newsboat set up with these configuration lines (`urls-source` and its backend's).
    init(settings: [String]) throws {
        folder = Scratch.folder.appendingPathComponent("newsboat-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data((settings + ["download-retries 1", "download-timeout 30"]).joined(separator: "\n").utf8)
            .write(to: folder.appendingPathComponent("config"))
        try Data().write(to: folder.appendingPathComponent("urls"))
    }

    /// Whether newsboat and tmux are installed (`scripts/bootstrap --tests` installs them).
    static var isInstalled: Bool {
        ["/usr/bin/newsboat", "/usr/bin/tmux"].allSatisfy(FileManager.default.isExecutableFile(atPath:))
    }

    private var files: [String] {
        [
            "-C", folder.appendingPathComponent("config").path, "-c", folder.appendingPathComponent("cache.db").path,
            "-u", folder.appendingPathComponent("urls").path,
        ]
    }

    private var environment: [String: String] {
        ["HOME": folder.path, "PATH": "/usr/bin:/bin", "TERM": "xterm-256color", "LANG": "C.UTF-8"]
    }

    /// Reloads every feed from the server and returns the unread count newsboat prints.
    func reloadAndCountUnread() async throws -> Int {
        let output = try await TestProgram.run(
            "/usr/bin/newsboat", files + ["-x", "reload", "print-unread"], environment)
        let line = output.split(separator: "\n").first { $0.hasSuffix("unread articles") } ?? ""
        let count = Int(line.split(separator: " ").first ?? "")
        #expect(count != nil, "newsboat printed: \(output)")
        return count ?? -1
    }

    /// The tmux server of this newsboat's session: a socket of its own in its folder, started
    /// by `posix_spawn` (see `Tmux`), so that no test waits on a pipe tmux's server inherits.
    private var tmux: Tmux { Tmux(socket: folder.appendingPathComponent("tmux.sock").path) }

    /// Starts newsboat in a detached tmux session of 100×30, reloading at start (`-r`), its
    /// debug log in its folder (`logTail`).
    func open() async throws {
        let log = ["-d", folder.appendingPathComponent("newsboat.log").path, "-l", "6"]
        _ = try await Tmux.start(
            ["/usr/bin/newsboat", "-r"] + files + log, columns: 100, rows: 30, environment: environment,
            socket: tmux.socket)
    }

    /// The last lines of the interactive session's debug log, for a failure's message: the
    /// requests newsboat made and what it waited for when its screen stays blank.
    func logTail(lines: Int = 40) -> String {
        let log = (try? String(contentsOf: folder.appendingPathComponent("newsboat.log"), encoding: .utf8)) ?? ""
        return log.split(separator: "\n").suffix(lines).joined(separator: "\n")
    }

    /// The screen as text.
    func screen() async throws -> String {
        try await tmux.screen().joined(separator: "\n")
    }

    /// Waits until the screen shows `text`, looking every 100 ms (each look starts a
    /// process); false after `seconds`, a bound that turns a hang into a failure.
    func waitForScreen(containing text: String, seconds: Int = 60) async throws -> Bool {
        try await tmux.wait(upTo: .seconds(seconds)) { $0.contains { $0.contains(text) } }.held
    }

    /// Types `keys` (tmux key names: `A`, `Enter`, `q`).
    func send(_ keys: String...) async throws {
        for key in keys { try await tmux.send(key) }
    }

    /// Ends the session, whatever state newsboat is in.
    func close() async {
        await tmux.kill()
    }
}
