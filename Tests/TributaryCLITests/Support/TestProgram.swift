import Foundation

/// What the sync, bridge and TLS tests do around the binary: run another program (newsboat,
/// curl, openssl) to its end, and poll a condition.
enum TestProgram {
    /// Runs `condition` every 100 ms until it holds; false after `seconds`.
    static func poll(seconds: Int = 60, _ condition: () async throws -> Bool) async throws -> Bool {
        let giveUp = ContinuousClock.now + .seconds(seconds)
        while try await !condition() {
            guard ContinuousClock.now < giveUp else { return false }
            try await Task.sleep(for: .milliseconds(100))
        }
        return true
    }

    /// Runs a program to its end and returns its standard output and error.
    static func run(_ program: String, _ arguments: [String], _ environment: [String: String]) async throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.environment = environment
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return try await offPool {
            let data = out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: data, as: UTF8.self)
        }
    }
}
