import TributaryBytes

/// Makes remote text safe and tidy to show: no control characters or escape
/// sequences that could drive a terminal, whitespace collapsed, HTML reduced to text.
///
/// The rules (which code point is dropped, kept or read as a space: `classify`) are here;
/// the pass over the bytes, with its ASCII fast path, is TributaryBytes' `LineCleaner`: it
/// runs on every title, summary and tag of every item, so it must cost little more than a copy.
public enum TextCleanup {
    /// The cleaners of `singleLine`, `decodedLine` and `plainText(fromHTML:)`; the feed
    /// reader hands them its captured UTF-8 bytes directly.
    package static let lineCleaner = LineCleaner(
        droppingTags: false, decodingEntities: false, classify: classify(scalar:))
    package static let decodingCleaner = LineCleaner(
        droppingTags: false, decodingEntities: true, classify: classify(scalar:))
    package static let htmlCleaner = LineCleaner(
        droppingTags: true, decodingEntities: true, classify: classify(scalar:))

    /// One line: control characters (C0, DEL, C1, including ESC) and invisible characters
    /// (bidirectional controls, zero-width and other default-ignorable code points, except
    /// where emoji or scripts need them: see `Kind`) removed, runs of whitespace collapsed
    /// to one space, trimmed.
    public static func singleLine(_ text: String) -> String { lineCleaner.line(text) }

    /// Whether `singleLine` would leave the text as it is.
    public static func isSingleLine(_ text: String) -> Bool { lineCleaner.leavesUnchanged(text) }

    /// One line, as `singleLine`, of text that arrives HTML-encoded (`AT&amp;T`): each
    /// character reference decoded once, before the line is cleaned.
    public static func decodedLine(_ text: String) -> String { decodingCleaner.line(text) }

    /// Plain text from an HTML fragment: tags dropped (inline ones such as `<a>` or
    /// `<em>` without a trace, any other as a space), entities decoded once, then made a
    /// single line: `<p><em>Dune</em>, sand</p>` reads "Dune, sand".
    public static func plainText(fromHTML html: String) -> String { htmlCleaner.line(html) }

    /// The text without leading and trailing ASCII whitespace (the whitespace XML and
    /// HTTP put around values); the text itself when there is none.
    public static func trimmed(_ text: String) -> String {
        ByteTrim.trimmingASCIIWhitespace(text) ?? text
    }

    /// Cuts text to at most `count` characters, ending with "…" when cut.
    public static func truncate(_ text: String, to count: Int) -> String {
        if text.utf8.count <= count { return text }
        return text.count <= count ? text : String(text.prefix(max(0, count - 1))) + "…"
    }
}
