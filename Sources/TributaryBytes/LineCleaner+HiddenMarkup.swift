/// HTML that shows no text: comments, and the contents of `script` and `style`
/// elements (the HTML standard's raw text elements). Reduced to text, they read as
/// nothing, not as their code: `safe<script>alert(1)</script> text` reads "safe text".
extension LineCleaner {
    /// Where the comment, `script` or `style` element starting with the `<` at `index`
    /// ends (the index after its last `>`, or the end of the bytes when it is not closed);
    /// nil for any other markup.
    static func hiddenMarkupEnd(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        // Most tags are neither: one byte tells.
        guard index + 1 < bytes.count, case let next = bytes[index + 1] | 0x20, next == 0x21 || next == 0x73 else {
            return nil
        }
        if matches(bytes, at: index + 1, "!--") {
            // From the `--` that opens it, so `<!-->` and `<!--->` close at once, as in HTML.
            return end(of: "-->", in: bytes, from: index + 2).map { $0 + 3 } ?? bytes.count
        }
        for name in rawTextElements where matches(bytes, at: index + 1, name) {
            let after = index + 1 + name.count
            guard after >= bytes.count || isNameEnd(bytes[after]) else { continue }
            guard let close = end(of: "</" + name, in: bytes, from: after) else { return bytes.count }
            return end(of: ">", in: bytes, from: close).map { $0 + 1 } ?? bytes.count
        }
        return nil
    }

    private static let rawTextElements = ["script", "style"]

    /// Whether the bytes at `index` are `text`, ASCII letters in any case.
    private static func matches(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, _ text: String) -> Bool {
        guard index + text.utf8.count <= bytes.count else { return false }
        var position = index
        for expected in text.utf8 {
            let byte = bytes[position]
            let lowered = byte.asciiLowercased
            guard lowered == expected else { return false }
            position += 1
        }
        return true
    }

    /// The index where `text` (in any case) next starts at or after `start`.
    private static func end(of text: String, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let first = text.utf8.first else { return nil }
        var index = start
        while index < bytes.count {
            if bytes[index] | 0x20 == first | 0x20, matches(bytes, at: index, text) { return index }
            index += 1
        }
        return nil
    }

    /// Whether a byte ends a tag name: whitespace, `/` or `>`.
    private static func isNameEnd(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") || byte == 0x20 || (0x09...0x0D).contains(byte)
    }
}
