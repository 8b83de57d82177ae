import Foundation

/// Runs the built `tributary` executable, as a user would.
struct TributaryBinary {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

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

    /// Runs the binary on a Dispatch thread (see `offPool`), so a test's local server keeps answering meanwhile.
    /// Runs the binary (or `executable`, such as a shell that starts it under limits) to its end.
    static func run(
        _ arguments: [String], environment: [String: String] = [:], in directory: URL = root,
        executable: URL = executable
    ) async throws -> Result {
        try await offPool {
            try start(arguments, environment: environment, in: directory, executable: executable).finish()
        }
    }

    /// A started binary, for tests that signal it while it runs.
    struct Running: @unchecked Sendable {
        let process: Process
        let out: Pipe
        let err: Pipe

        /// Reads its output to the end and waits for it to exit.
        func finish() -> Result {
            let stdout = out.fileHandleForReading.readDataToEndOfFile()
            let stderr = err.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return Result(
                status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                stderr: String(decoding: stderr, as: UTF8.self))
        }
    }

    /// Starts the binary and returns at once.
    static func start(
        _ arguments: [String], environment: [String: String] = [:], in directory: URL = root,
        executable: URL = executable
    ) throws -> Running {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
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
        let temporary = FileManager.default.temporaryDirectory
        return [
            "PATH": "/usr/bin:/bin", "NO_COLOR": "1",
            "XDG_CACHE_HOME": temporary.appendingPathComponent("tributary-cli-cache-\(UUID().uuidString)").path,
            "XDG_STATE_HOME": temporary.appendingPathComponent("tributary-cli-state-\(UUID().uuidString)").path,
        ]
    }

    /// Writes a feeds.json into a fresh temporary folder and returns the file.
    static func config(_ json: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tributary-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("feeds.json")
        try Data(json.utf8).write(to: file)
        return file
    }
}
