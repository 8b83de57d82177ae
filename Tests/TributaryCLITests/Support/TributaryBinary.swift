import Foundation
import TributaryTesting

/// Runs the built `tributary` executable, as a user would.
struct TributaryBinary {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// The repository root, found from this file's path (Tests/TributaryCLITests/Support/).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The executable beside the test bundle in the build folder.
    static var executable: URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("tributary").path)
            && folder.path != "/"
        {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("tributary")
    }

    /// Runs the binary to its end on threads of its own (see `offPool`), so a test's local
    /// server keeps answering meanwhile.
    static func run(
        _ arguments: [String], environment: [String: String] = [:], in directory: URL = root, openFileLimit: Int? = nil,
        through launcher: [String] = [], binary: URL = executable
    ) async throws -> Result {
        try await start(
            arguments, environment: environment, in: directory, openFileLimit: openFileLimit, through: launcher,
            binary: binary
        ).finish()
    }

    /// A started binary, for tests that signal it while it runs.
    struct Running: @unchecked Sendable {
        let process: Process
        let out: Pipe
        let err: Pipe

        func send(_ signal: Int32) {
            kill(process.processIdentifier, signal)
        }

        /// Whether the process has ended (exited, or died and not yet reaped) within `limit`;
        /// unlike `Process.waitUntilExit`, this does not wait for its descendants to close the
        /// pipes it was given.
        func hasEnded(within limit: Duration) async throws -> Bool {
            try await ProcessWatch.hasEnded(process.processIdentifier, within: limit)
        }

        /// Reads its output to the end and waits for it to exit, off the cooperative pool.
        /// Standard error is read meanwhile on a thread of its own: a binary that fills that
        /// pipe (64 KB, a ThreadSanitizer report and many sources' lines) before it closes
        /// standard output would otherwise wait for us while we wait for it.
        func finish() async throws -> Result {
            try await finish(readingErrors: true)
        }

        /// `finish()`, leaving standard error to a reader of its own (an `OutputLines`) when
        /// `readingErrors` is false: two readers of one pipe would share its lines between them.
        func finish(readingErrors: Bool) async throws -> Result {
            async let stderr = offPool { readingErrors ? err.fileHandleForReading.readDataToEndOfFile() : Data() }
            let (status, stdout) = try await offPool {
                let stdout = out.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                return (process.terminationStatus, stdout)
            }
            return Result(
                status: status, stdout: String(decoding: stdout, as: UTF8.self),
                stderr: String(decoding: try await stderr, as: UTF8.self))
        }
    }

    /// Starts the binary and returns at once, through `launcher` when one is given (a command
    /// that gets the binary's path and arguments after its own and execs them); with
    /// `openFileLimit`, then through `sh -c 'ulimit -n LIMIT && exec tributary …'` (soft and
    /// hard limit both lowered). `binary` is the built `tributary` unless a test copied it.
    static func start(
        _ arguments: [String], environment: [String: String] = [:], in directory: URL = root, openFileLimit: Int? = nil,
        through launcher: [String] = [], binary: URL = executable
    ) throws -> Running {
        let limited = openFileLimit.map { limit in ["/bin/sh", "-c", "ulimit -n \(limit) && exec \"$0\" \"$@\""] }
        let command = launcher + (limited ?? []) + [binary.path] + arguments
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.currentDirectoryURL = directory
        process.environment = isolatedEnvironment.merging(environment) { _, new in new }
        let running = Running(process: process, out: Pipe(), err: Pipe())
        process.standardOutput = running.out
        process.standardError = running.err
        try process.run()
        return running
    }

    /// A plain environment with a fresh cache and state folder of its own, so no run
    /// reads or writes the user's, or another test's (pass `--state` to share one).
    static var isolatedEnvironment: [String: String] {
        let temporary = Scratch.folder
        return [
            "PATH": "/usr/bin:/bin", "NO_COLOR": "1",
            "XDG_CACHE_HOME": temporary.appendingPathComponent("tributary-cli-cache-\(UUID().uuidString)").path,
            "XDG_STATE_HOME": temporary.appendingPathComponent("tributary-cli-state-\(UUID().uuidString)").path,
        ]
    }

    /// Writes a feeds.json into a fresh temporary folder and returns the file.
    static func config(_ json: String) throws -> URL {
        let folder = Scratch.folder.appendingPathComponent("tributary-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("feeds.json")
        try Data(json.utf8).write(to: file)
        return file
    }
}
