import Foundation

/// What a full-screen command does when the shell stops it (Ctrl-Z), continues it (`fg`)
/// or the window is resized: signal sources that live as long as the value.
///
/// Ctrl-Z's SIGTSTP is caught (through libdispatch, as `Interruption`'s signals are) so the
/// terminal can be restored before the process stops itself with SIGSTOP, which cannot be
/// caught; SIGCONT then sets the screen up again, since the shell gives the terminal back
/// in its own modes.
final class JobControl {
    private let sources: [any DispatchSourceSignal]

    /// Calls `stopping` before the process stops, `continued` after it continues, and
    /// `resized` when the window changes size.
    init(
        stopping: @escaping @Sendable () -> Void, continued: @escaping @Sendable () -> Void,
        resized: @escaping @Sendable () -> Void
    ) {
        let actions: [(Int32, @Sendable () -> Void)] = [
            (
                SIGTSTP,
                {
                    stopping()
                    kill(getpid(), SIGSTOP)
                }
            ), (SIGCONT, continued), (SIGWINCH, resized),
        ]
        sources = actions.map { number, action in
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler(handler: action)
            source.resume()
            return source
        }
    }

    deinit {
        for source in sources { source.cancel() }
    }
}
