/// OSC 8 terminal hyperlinks (`ESC ] 8 ; ; URL ESC \ text ESC ] 8 ; ; ESC \`), made so that
/// remote text can never end the sequence early or start one of its own.
enum Hyperlink {
    /// `text` as a link to `url` when the URL is printable ASCII only (no ESC, BEL or C1
    /// control can end the sequence early); else `text` alone. `text` is our own styled
    /// title, already free of control characters.
    static func wrap(_ text: String, url: String?) -> String {
        guard let url, isSafe(url) else { return text }
        return "\u{1B}]8;;\(url)\u{1B}\\\(text)\u{1B}]8;;\u{1B}\\"
    }

    /// Whether every byte is printable ASCII (0x21–0x7E): what `URL.absoluteString` gives.
    static func isSafe(_ url: String) -> Bool {
        !url.isEmpty && url.utf8.allSatisfy { (0x21...0x7E).contains($0) }
    }
}
