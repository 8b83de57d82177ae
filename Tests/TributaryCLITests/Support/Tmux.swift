import Foundation
import TributaryTesting

/// A program running in a detached tmux session of its own (its own server socket, so no
/// user's tmux is touched), read as a person sees it: `capture-pane`'s rows.
struct Tmux: Sendable {
    let socket: String

    /// Starts `command` (its words, not read by a shell of ours) in a `columns` × `rows` window.
    static func start(
        _ command: [String], columns: Int, rows: Int, environment: [String: String],
        socket: String = Scratch.folder.appendingPathComponent("tmux-\(UUID().uuidString)").path
    ) async throws -> Tmux {
        let tmux = Tmux(socket: socket)
        let assignments = environment.map { "\($0.key)=\($0.value)" }
        let arguments =
            ["new-session", "-d", "-s", "watch", "-x", "\(columns)", "-y", "\(rows)", "--", "/usr/bin/env", "-i"]
            + assignments + command
        let status = try await offPool { try tmux.spawn(arguments) }
        guard status == 0 else {
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "tmux: \(status)"])
        }
        return tmux
    }

    /// The window's rows now, wrapped lines joined (`-J`), so a line wider than the window
    /// shows as one line wider than it, not as two.
    func screen() async throws -> [String] {
        let text = try await run(["capture-pane", "-p", "-J", "-t", "watch"])
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// Polls the screen every 100 ms until `done` holds of it, or `limit` passes; returns
    /// the last screen and whether it held.
    func wait(upTo limit: Duration = .seconds(30), until done: ([String]) -> Bool) async throws -> (
        screen: [String], held: Bool
    ) {
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        while true {
            let screen = try await screen()
            if done(screen) { return (screen, true) }
            if clock.now >= deadline { return (screen, false) }
            try await clock.sleep(for: .milliseconds(100))
        }
    }

    /// Types `keys` as tmux names them (`j`, `Enter`, `PageDown`).
    func send(_ keys: String...) async throws {
        _ = try await run(["send-keys", "-t", "watch"] + keys)
    }

    func resize(columns: Int, rows: Int) async throws {
        _ = try await run(["resize-window", "-t", "watch", "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// Whether the session's program is still running.
    func isRunning() async -> Bool {
        (try? await run(["has-session", "-t", "watch"])) != nil
    }

    /// Ends the server and every program in it.
    func kill() async {
        _ = try? await run(["kill-server"])
    }

    @discardableResult
    func run(_ arguments: [String]) async throws -> String {
        let socket = socket
        return try await offPool {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/tmux")
            process.arguments = ["-S", socket, "-f", "/dev/null"] + arguments
            process.environment = ["PATH": "/usr/bin:/bin", "TERM": "xterm-256color"]
            let out = Pipe()
            process.standardOutput = out
            process.standardError = FileHandle.nullDevice
            try process.run()
            let data = out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "tmux \(arguments) failed"])
            }
            return String(decoding: data, as: UTF8.self)
        }
    }

    /// Runs tmux to its end, its standard streams on /dev/null, without Foundation's
    /// `Process`: the server that `new-session` leaves behind inherits the socket by which
    /// `Process` learns that its child ended, and `waitUntilExit` would wait for good.
    private func spawn(_ arguments: [String]) throws -> Int32 {
        let words: [String] = ["/usr/bin/tmux", "-S", socket, "-f", "/dev/null"] + arguments
        let variables: [String] = ["PATH=/usr/bin:/bin", "TERM=xterm-256color"]
        let argv: [UnsafeMutablePointer<CChar>?] = unsafe words.map { unsafe strdup($0) } + [nil]
        let environment: [UnsafeMutablePointer<CChar>?] = unsafe variables.map { unsafe strdup($0) } + [nil]
        // Not `for unsafe word in …`: swift format drops the space after `unsafe` there.
        // swift-format-ignore: ReplaceForEachWithForLoop
        defer { unsafe (argv + environment).forEach { unsafe free($0) } }
        var actions = unsafe posix_spawn_file_actions_t()
        unsafe posix_spawn_file_actions_init(&actions)
        defer { unsafe posix_spawn_file_actions_destroy(&actions) }
        for descriptor in Int32(0)...2 {
            unsafe posix_spawn_file_actions_addopen(
                &actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        var pid: pid_t = 0
        let failure = unsafe posix_spawn(&pid, "/usr/bin/tmux", &actions, nil, argv, environment)
        guard failure == 0 else { throw POSIXError(POSIXErrorCode(rawValue: failure) ?? .EIO) }
        var status: Int32 = 0
        while unsafe waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        return status
    }
}
