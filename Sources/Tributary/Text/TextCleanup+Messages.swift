extension TextCleanup {
    /// The longest line a message keeps: a hostile `Location` or header quoted in an
    /// error cannot flood a terminal or a report.
    public static let maxMessageLineLength = 1_000

    /// Text for a status or error message: each line cleaned as `singleLine` cleans item
    /// text (no control characters, escape sequences or bidi overrides) and cut to
    /// `maxMessageLineLength` characters; the line breaks between lines are kept.
    public static func messageText(_ text: String) -> String {
        guard text.contains("\n") else { return truncate(singleLine(text), to: maxMessageLineLength) }
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { truncate(singleLine(String($0)), to: maxMessageLineLength) }
            .joined(separator: "\n")
    }
}
