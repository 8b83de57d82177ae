import Foundation

/// The lines a running binary has written to a pipe so far, read on a thread of their
/// own as they come, for tests that watch a long-running command.
final class OutputLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    private var partial = Data()
    private var hasEnded = false

    init(_ pipe: Pipe) {
        let handle = pipe.fileHandleForReading
        Thread {
            while true {
                let data = handle.availableData
                if data.isEmpty { return self.lock.withLock { self.hasEnded = true } }
                self.append(data)
            }
        }.start()
    }

    /// Every complete line so far.
    var all: [String] { lock.withLock { lines } }

    /// Everything so far, the last line whether it is complete or not.
    var text: String {
        lock.withLock { (lines + [String(decoding: partial, as: UTF8.self)]).joined(separator: "\n") }
    }

    /// Waits (polling every 50 ms) until the writer has closed the pipe, for at most
    /// `limit`; returns whether it has.
    func waitForEnd(upTo limit: Duration) async throws -> Bool {
        let deadline = ContinuousClock.now + limit
        while !lock.withLock({ hasEnded }) && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        return lock.withLock { hasEnded }
    }

    /// Waits (polling every 50 ms) until `test` passes on the lines, for at most `limit`;
    /// returns whether it passed.
    func wait(upTo limit: Duration, until test: ([String]) -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if test(all) { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return test(all)
    }

    private func append(_ data: Data) {
        lock.withLock {
            partial.append(data)
            while let end = partial.firstIndex(of: UInt8(ascii: "\n")) {
                lines.append(String(decoding: partial[partial.startIndex..<end], as: UTF8.self))
                partial = Data(partial[partial.index(after: end)...])
            }
        }
    }
}
