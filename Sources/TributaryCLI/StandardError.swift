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

    /// Writes bytes as they are, without copying them into a `Data` first (a digest can be
    /// tens of MB); a write cut short by a signal goes on.
    static func write(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = unsafe bytes.withUnsafeBufferPointer { buffer in
                unsafe Foundation.write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }  // a closed pipe: nobody reads the rest
            offset += written
        }
    }

    static var isTTY: Bool { isatty(STDOUT_FILENO) != 0 }
}
