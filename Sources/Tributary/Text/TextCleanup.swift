import TributaryBytes

/// Makes remote text safe and tidy to show: no control characters or escape
/// sequences that could drive a terminal, whitespace collapsed, HTML reduced to text.
///
/// Works on UTF-8 bytes with an ASCII fast path: it runs on every title, summary and
/// tag of every item, so it must cost little more than a copy.
public enum TextCleanup {
    /// One line: control characters (C0, DEL, C1, including ESC) and invisible characters
    /// (bidirectional controls, zero-width and other default-ignorable code points, except
    /// where emoji or scripts need them: see `Kind`) removed, runs of whitespace collapsed
    /// to one space, trimmed.
    public static func singleLine(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            needsCleaning(bytes) ? cleaned(bytes, droppingTags: false, decodingEntities: false) : nil
        } ?? text
    }

    /// Whether `singleLine` would leave the text as it is.
    public static func isSingleLine(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard needsCleaning(bytes) else { return true }
            return cleaned(bytes, droppingTags: false, decodingEntities: false).utf8.elementsEqual(bytes)
        }
    }

    /// `singleLine` of UTF-8 bytes (a feed reader's captured text), made a String once.
    public static func singleLine(utf8 bytes: UnsafeBufferPointer<UInt8>) -> String {
        needsCleaning(bytes)
            ? cleaned(bytes, droppingTags: false, decodingEntities: false) : String(decoding: bytes, as: UTF8.self)
    }

    /// One line, as `singleLine`, of text that arrives HTML-encoded (`AT&amp;T`): each
    /// character reference decoded once, before the line is cleaned.
    public static func decodedLine(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            bytes.contains(UInt8(ascii: "&")) || needsCleaning(bytes)
                ? cleaned(bytes, droppingTags: false, decodingEntities: true) : nil
        } ?? text
    }

    /// `decodedLine` of UTF-8 bytes, made a String once.
    public static func decodedLine(utf8 bytes: UnsafeBufferPointer<UInt8>) -> String {
        bytes.contains(UInt8(ascii: "&")) || needsCleaning(bytes)
            ? cleaned(bytes, droppingTags: false, decodingEntities: true) : String(decoding: bytes, as: UTF8.self)
    }

    /// Plain text from an HTML fragment: tags dropped (inline ones such as `<a>` or
    /// `<em>` without a trace, any other as a space), entities decoded once, then made a
    /// single line: `<p><em>Dune</em>, sand</p>` reads "Dune, sand".
    public static func plainText(fromHTML html: String) -> String {
        var html = html
        return html.withUTF8 { cleaned($0, droppingTags: true, decodingEntities: true) }
    }

    /// `plainText(fromHTML:)` of UTF-8 bytes.
    public static func plainText(fromHTMLUTF8 bytes: UnsafeBufferPointer<UInt8>) -> String {
        cleaned(bytes, droppingTags: true, decodingEntities: true)
    }

    /// The text without leading and trailing ASCII whitespace (the whitespace XML and
    /// HTTP put around values); the text itself when there is none.
    public static func trimmed(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            let kept = trimmed(utf8: bytes)
            return kept.count == bytes.count ? nil : String(decoding: kept, as: UTF8.self)
        } ?? text
    }

    /// The bytes without leading and trailing ASCII whitespace.
    public static func trimmed(utf8 bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        let isSpace = { (byte: UInt8) in byte == 0x20 || (0x09...0x0D).contains(byte) }
        guard let start = bytes.firstIndex(where: { !isSpace($0) }), let end = bytes.lastIndex(where: { !isSpace($0) })
        else {
            return UnsafeBufferPointer(rebasing: bytes[0..<0])
        }
        return UnsafeBufferPointer(rebasing: bytes[start...end])
    }

    /// Cuts text to at most `count` characters, ending with "…" when cut.
    public static func truncate(_ text: String, to count: Int) -> String {
        if text.utf8.count <= count { return text }
        return text.count <= count ? text : String(text.prefix(max(0, count - 1))) + "…"
    }

    /// Whether anything might change: a control, invisible or whitespace code point other
    /// than a single inner space, or a space at either end. Joiners, variation selectors
    /// and tags count, though the cleaner keeps them where they are needed.
    private static func needsCleaning(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first, let last = bytes.last else { return false }
        if first == 0x20 || last == 0x20 { return true }
        var previousWasSpace = false
        var index = 0
        let raw = UnsafeRawBufferPointer(bytes)
        while index < bytes.count {
            if index + 8 <= bytes.count {
                // Eight bytes at once: printable ASCII without two spaces in a row is clean.
                let word = ByteWords.load(raw, at: index)
                if !ByteWords.hasNonASCII(word), !ByteWords.hasByte(word, below: 0x20), !ByteWords.has(word, 0x7F) {
                    let spaces = ByteWords.matches(word, 0x20)
                    if spaces & (spaces << 8) != 0 || (previousWasSpace && spaces & 0x80 != 0) { return true }
                    previousWasSpace = spaces >> 63 != 0
                    index += 8
                    continue
                }
            }
            let byte = bytes[index]
            if byte < 0x80 {
                if byte < 0x20 || byte == 0x7F || (byte == 0x20 && previousWasSpace) { return true }
                previousWasSpace = byte == 0x20
                index += 1
                continue
            }
            let length = min(sequenceLength(byte), bytes.count - index)
            let kind = classify(UnsafeBufferPointer(rebasing: bytes[index..<(index + length)]))
            if kind != .kept && kind != .blackFlag { return true }
            previousWasSpace = false
            index += length
        }
        return false
    }

    /// One pass over the bytes, written straight into the result: tags dropped (as a
    /// space), references decoded, whitespace collapsed, controls and overrides dropped.
    /// The result is never longer than the input: a tag, a reference or a run of
    /// whitespace is always at least as long as what replaces it.
    private static func cleaned(_ bytes: UnsafeBufferPointer<UInt8>, droppingTags: Bool, decodingEntities: Bool)
        -> String
    {
        String(unsafeUninitializedCapacity: bytes.count) { output in
            var line = LineWriter(output: output)
            var index = 0
            var inTag = false
            while index < bytes.count {
                let byte = bytes[index]
                if droppingTags {
                    if inTag {
                        inTag = byte != UInt8(ascii: ">")
                        index += 1
                        continue
                    }
                    if byte == UInt8(ascii: "<") {
                        if let end = hiddenMarkupEnd(bytes, at: index) {
                            index = end
                            continue
                        }
                        inTag = true
                        if !isInlineTag(bytes, at: index) { line.space() }
                        index += 1
                        continue
                    }
                }
                if decodingEntities, byte == UInt8(ascii: "&"),
                    let (scalar, length) = HTMLCharacterReferences.reference(in: bytes, at: index)
                {
                    line.append(scalar)
                    index += length
                    continue
                }
                if byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: "<") && byte != UInt8(ascii: "&") {
                    // A word: copied whole, as most of any text is.
                    var end = index + 1
                    while end < bytes.count, bytes[end] > 0x20, bytes[end] < 0x7F, bytes[end] != UInt8(ascii: "<"),
                        bytes[end] != UInt8(ascii: "&")
                    {
                        end += 1
                    }
                    line.append(word: UnsafeBufferPointer(rebasing: bytes[index..<end]))
                    index = end
                    continue
                }
                if byte < 0x80 {
                    line.append(ascii: byte)
                    index += 1
                    continue
                }
                let length = min(sequenceLength(byte), bytes.count - index)
                line.append(UnsafeBufferPointer(rebasing: bytes[index..<(index + length)]))
                index += length
            }
            return line.finish()
        }
    }

    /// Phrasing elements, which sit inside a line: their tags separate nothing. Each name
    /// is packed into an integer (see `packedName`), so a tag is looked up without a String.
    private static let inlineTags: [UInt64] = [
        "a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "del", "dfn", "em", "font", "i", "ins", "kbd", "mark",
        "q", "s", "samp", "small", "span", "strike", "strong", "sub", "sup", "time", "tt", "u", "var", "wbr",
    ].map { name in name.utf8.reduce(0) { $0 << 8 | UInt64($1) } }

    /// Whether the tag starting with the `<` at `index` opens or closes an inline element.
    private static func isInlineTag(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        var position = index + 1
        if position < bytes.count, bytes[position] == UInt8(ascii: "/") { position += 1 }
        var packedName: UInt64 = 0
        var length = 0
        while position < bytes.count, case let letter = bytes[position] | 0x20, letter >= 0x61, letter <= 0x7A {
            guard length < 6 else { return false }
            packedName = packedName << 8 | UInt64(letter)
            length += 1
            position += 1
        }
        return length > 0 && inlineTags.contains(packedName)
    }
}
