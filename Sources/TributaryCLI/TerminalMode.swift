import Foundation

/// The terminal set up for `watch`: keys arrive one at a time without echo, the screen is
/// the alternate one and the cursor hidden; `restore()` undoes all of it. The terminal is
/// restored on every way out: a normal end, Ctrl-C, Ctrl-\\, SIGTERM and SIGHUP (the
/// command's own cancellation, then `restore()`), `exit`, and a crash (a handler for the
/// fatal signals restores it, then lets the signal kill the process as before). Ctrl-Z
/// restores it before the process stops, and `WatchScreen` enters it again on SIGCONT.
enum TerminalMode {
    /// Enters the mode; false when standard input is not a terminal.
    static func enter() -> Bool {
        guard unsafe tcgetattr(STDIN_FILENO, &saved) == 0 else { return false }
        var raw = unsafe saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)  // a terminal's VMIN 1, VTIME 0: one key per read
        guard unsafe tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0 else { return false }
        unsafe isEntered = true
        if unsafe !restoresOnExit {
            unsafe restoresOnExit = true
            atexit { restoreTerminal() }
            for number in [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE] {
                signal(number) { number in
                    restoreTerminal()
                    signal(number, SIG_DFL)
                    raise(number)
                }
            }
        }
        emit("\u{1B}[?1049h\u{1B}[?25l")
        return true
    }

    /// Whether the mode is on (it is off while the process is stopped by Ctrl-Z).
    static var isOn: Bool { unsafe isEntered }

    /// Leaves the mode; harmless when it was not entered or was left already.
    static func restore() {
        restoreTerminal()
    }
}

/// The terminal's settings before `enter`. Process-wide on purpose: a crash handler can
/// reach nothing else, and there is one terminal.
nonisolated(unsafe) private var saved = termios()
nonisolated(unsafe) private var isEntered = false
/// Whether the exit and crash handlers are installed (once, however often the mode is entered).
nonisolated(unsafe) private var restoresOnExit = false

/// Async-signal-safe: `tcsetattr` and `write` only.
private func restoreTerminal() {
    guard unsafe isEntered else { return }
    unsafe isEntered = false
    unsafe tcsetattr(STDIN_FILENO, TCSANOW, &saved)
    emit("\u{1B}[?25h\u{1B}[?1049l")
}

private func emit(_ text: StaticString) {
    _ = unsafe write(STDOUT_FILENO, text.utf8Start, text.utf8CodeUnitCount)
}
