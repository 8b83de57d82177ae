import Foundation

/// How wide the text digest may be: `--width`, else the terminal's width when standard
/// output is one (the window size, then `COLUMNS`, then 80), else no limit (piped).
enum TerminalWidth {
    static func resolve(explicit: Int?, isTTY: Bool, environment: [String: String]) -> Int? {
        if let explicit { return explicit }
        guard isTTY else { return nil }
        return windowColumns() ?? environment["COLUMNS"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil } ?? 80
    }

    /// Standard output's window width (`TIOCGWINSZ`), or nil when the terminal reports none.
    static func windowColumns() -> Int? {
        var size = winsize()
        guard unsafe ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
