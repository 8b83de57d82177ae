import Foundation
import TributaryTesting

/// The built `tributary` started in the background, for tests that signal it while it
/// runs or start it under a lowered open-file limit.
struct RunningTributary {
    let process: Process
    private let output: Pipe
    private let errorOutput: Pipe

    /// Starts `tributary arguments`; with `openFileLimit`, through
    /// `sh -c 'ulimit -n LIMIT && exec tributary …'` (soft and hard limit both lowered).
    static func start(_ arguments: [String], openFileLimit: Int? = nil) throws -> RunningTributary {
        let process = Process()
        if let openFileLimit {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            let script = "ulimit -n \(openFileLimit) && exec \"$0\" \"$@\""
            process.arguments = ["-c", script, TributaryBinary.executable.path] + arguments
        } else {
            process.executableURL = TributaryBinary.executable
            process.arguments = arguments
        }
        process.currentDirectoryURL = TributaryBinary.root
        process.environment = TributaryBinary.isolatedEnvironment
        let running = RunningTributary(process: process, output: Pipe(), errorOutput: Pipe())
        process.standardOutput = running.output
        process.standardError = running.errorOutput
        try process.run()
        return running
    }

    func send(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// Whether the process has ended (exited, or died and not yet reaped) within `limit`;
    /// unlike `Process.waitUntilExit`, this does not wait for its descendants to close the
    /// socket Foundation gives it.
    func hasEnded(within limit: Duration) async throws -> Bool {
        try await ProcessWatch.hasEnded(process.processIdentifier, within: limit)
    }

    /// Waits for the run to end and returns its status and output.
    func finish() async throws -> TributaryBinary.Result {
        try await offPool {
            let stdout = output.fileHandleForReading.readDataToEndOfFile()
            let stderr = errorOutput.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return TributaryBinary.Result(
                status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                stderr: String(decoding: stderr, as: UTF8.self)
            )
        }
    }
}
