import Foundation

/// Writes diagnostics and progress to standard error, never to standard output.
enum StandardError {
    static func write(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    static var isTTY: Bool { isatty(STDERR_FILENO) != 0 }
}

/// Writes results to standard output.
enum StandardOutput {
    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func write(_ data: Data) {
        FileHandle.standardOutput.write(data)
    }

    static var isTTY: Bool { isatty(STDOUT_FILENO) != 0 }
}
