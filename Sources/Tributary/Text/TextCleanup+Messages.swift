extension TextCleanup {
    /// The longest line a message keeps: a hostile `Location` or header quoted in an
    /// error cannot flood a terminal or a report.
    static let maxMessageLineLength = 1_000

    /// Text for a status or error message: what `singleLine` removes from item text
    /// (control characters, escape sequences, bidi overrides) is removed from each line,
    /// and each line is cut to `maxMessageLineLength` characters. Line breaks and spaces
    /// are kept, so an indented excerpt and the caret under it stay aligned.
    static func messageText(_ text: String) -> String {
        guard !isSingleLine(text) else { return truncate(text, to: maxMessageLineLength) }
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in
                let words = line.split(separator: " ", omittingEmptySubsequences: false).map { singleLine(String($0)) }
                return truncate(words.joined(separator: " "), to: maxMessageLineLength)
            }
            .joined(separator: "\n")
    }
}
