import Foundation

/// Turns Ctrl-C (SIGINT) and SIGTERM (and, for `watch`, SIGHUP and Ctrl-\\'s SIGQUIT) into
/// cancellation of the running work, so requests stop promptly and nothing is left
/// half-written; the command then exits 128 + the signal's number (130, 143; 129, 131).
/// A second signal, for work that does not stop, exits at once.
enum Interruption {
    /// The work was cancelled by `signal`.
    struct Interrupted: Error {
        let signal: Int32
        var exitCode: Int32 { 128 + signal }
        var name: String {
            switch signal {
            case SIGTERM: "terminated"
            case SIGHUP: "hung up"
            case SIGQUIT: "quit"
            default: "interrupted"
            }
        }
    }

    static let signals = [SIGINT, SIGTERM]
    /// What ends `watch` on a terminal: also a hang-up, and Ctrl-\\ (which would otherwise
    /// end the process as a crash, its backtrace drawn over the screen).
    static let watchSignals = signals + [SIGHUP, SIGQUIT]

    /// Runs `operation` and throws `Interrupted` when a signal arrived meanwhile, whatever
    /// the operation returned: work that checks `Task.isCancelled` before committing
    /// anything leaves no trace.
    ///
    /// Dispositions are left to libdispatch, which on Linux installs its own handler the
    /// first time a signal source is made and never again: setting `SIG_IGN` or `SIG_DFL`
    /// here would lose every later signal.
    static func cancellingOnSignals<T: Sendable>(
        _ signals: [Int32] = signals, _ operation: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let task = Task { try await operation() }
        let received = ReceivedSignal()
        let sources = signals.map { number in
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                if received.record(number) { exit(128 + number) }
                task.cancel()
            }
            source.resume()
            return source
        }
        defer { for source in sources { source.cancel() } }
        let result = await task.result
        if let number = received.first { throw Interrupted(signal: number) }
        return try result.get()
    }
}

/// The first signal received, shared between the signal sources and the waiting command.
private final class ReceivedSignal: @unchecked Sendable {
    private let lock = NSLock()
    /// Under `lock`.
    private var signal: Int32?

    /// Records `number`; true when a signal had already arrived.
    func record(_ number: Int32) -> Bool {
        lock.withLock {
            defer { signal = signal ?? number }
            return signal != nil
        }
    }

    var first: Int32? { lock.withLock { signal } }
}
