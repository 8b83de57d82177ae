/// ANSI styling that is applied only when wanted: on a terminal, without `NO_COLOR`.
public struct TerminalStyle: Sendable {
    public let isEnabled: Bool

    public init(isEnabled: Bool) {
        self.isEnabled = isEnabled
    }

    /// Styling for a stream: on only for a TTY and when `NO_COLOR` is unset or empty.
    public static func forStream(isTTY: Bool, environment: [String: String]) -> TerminalStyle {
        TerminalStyle(isEnabled: isTTY && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb")
    }

    public func bold(_ text: String) -> String { wrap(text, "1") }
    public func dim(_ text: String) -> String { wrap(text, "2") }
    public func green(_ text: String) -> String { wrap(text, "32") }
    public func red(_ text: String) -> String { wrap(text, "31") }
    public func yellow(_ text: String) -> String { wrap(text, "33") }
    public func cyan(_ text: String) -> String { wrap(text, "36") }
    /// Reverse video: how a full-screen list marks the row under the cursor.
    public func reverse(_ text: String) -> String { wrap(text, "7") }

    private func wrap(_ text: String, _ code: String) -> String {
        isEnabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
