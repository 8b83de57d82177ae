/// Makes remote text safe and tidy to show: no control characters or escape
/// sequences that could drive a terminal, whitespace collapsed, HTML reduced to text.
///
/// Works on UTF-8 bytes with an ASCII fast path: it runs on every title, summary and
/// tag of every item, so it must cost little more than a copy.
public enum TextCleanup {
    /// One line: control characters (C0, DEL, C1, including ESC) and bidirectional
    /// overrides removed, runs of whitespace collapsed to one space, trimmed.
    public static func singleLine(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            needsCleaning(bytes) ? String(decoding: cleaned(bytes), as: UTF8.self) : nil
        } ?? text
    }

    /// Plain text from an HTML fragment: tags dropped, each tag as a space, entities
    /// decoded once, then made a single line.
    public static func plainText(fromHTML html: String) -> String {
        var html = html
        let stripped: [UInt8] = html.withUTF8 { bytes in
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count)
            var inTag = false
            for byte in bytes {
                if byte == UInt8(ascii: "<") {
                    inTag = true
                    output.append(UInt8(ascii: " "))
                } else if byte == UInt8(ascii: ">") && inTag {
                    inTag = false
                } else if !inTag {
                    output.append(byte)
                }
            }
            return output
        }
        return singleLine(HTMLEntities.decode(String(decoding: stripped, as: UTF8.self)))
    }

    /// The text without leading and trailing ASCII whitespace (the whitespace XML and
    /// HTTP put around values).
    public static func trimmed(_ text: String) -> String {
        let utf8 = text.utf8
        let isSpace = { (byte: UInt8) in byte == 0x20 || (0x09...0x0D).contains(byte) }
        guard let first = utf8.first, let last = utf8.last, isSpace(first) || isSpace(last) else { return text }
        guard let start = utf8.firstIndex(where: { !isSpace($0) }), let end = utf8.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(text[start...end])
    }

    /// Cuts text to at most `count` characters, ending with "…" when cut.
    public static func truncate(_ text: String, to count: Int) -> String {
        if text.utf8.count <= count { return text }
        return text.count <= count ? text : String(text.prefix(max(0, count - 1))) + "…"
    }

    /// Whether anything would change: a control, bidi or whitespace code point other
    /// than a single inner space, or a space at either end.
    private static func needsCleaning(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first, let last = bytes.last else { return false }
        if first == 0x20 || last == 0x20 { return true }
        var previousWasSpace = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                if byte < 0x20 || byte == 0x7F || (byte == 0x20 && previousWasSpace) { return true }
                previousWasSpace = byte == 0x20
                index += 1
                continue
            }
            let length = min(sequenceLength(byte), bytes.count - index)
            if classify(bytes, from: index, length: length) != .kept { return true }
            previousWasSpace = false
            index += length
        }
        return false
    }

    private static func cleaned(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var pendingSpace = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let length = byte < 0x80 ? 1 : min(sequenceLength(byte), bytes.count - index)
            switch classify(bytes, from: index, length: length) {
            case .space:
                pendingSpace = !output.isEmpty
            case .dropped:
                break
            case .kept:
                if pendingSpace { output.append(0x20) }
                pendingSpace = false
                if length == 1 {
                    output.append(byte)
                } else {
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<(index + length)]))
                }
            }
            index += length
        }
        return output
    }

    private enum Kind { case kept, space, dropped }

    /// Whitespace, control or bidirectional-override code points, recognised by their UTF-8 bytes.
    private static func classify(_ bytes: UnsafeBufferPointer<UInt8>, from index: Int, length: Int) -> Kind {
        let lead = bytes[index]
        if length == 1 {
            if lead == 0x20 || (0x09...0x0D).contains(lead) { return .space }
            return lead < 0x20 || lead == 0x7F || lead >= 0x80 ? .dropped : .kept
        }
        let second = bytes[index + 1]
        if lead == 0xC2 {
            if second == 0xA0 || second == 0x85 { return .space }
            return second < 0xA0 ? .dropped : .kept
        }
        guard length == 3 else { return .kept }
        let third = bytes[index + 2]
        switch (lead, second) {
        case (0xE2, 0x80):
            if third <= 0x8A || third == 0xA8 || third == 0xA9 || third == 0xAF { return .space }
            if third == 0x8E || third == 0x8F || (0xAA...0xAE).contains(third) { return .dropped }
        case (0xE2, 0x81):
            if third == 0x9F { return .space }
            if (0xA6...0xA9).contains(third) { return .dropped }
        case (0xE1, 0x9A) where third == 0x80, (0xE3, 0x80) where third == 0x80:
            return .space
        default:
            break
        }
        return .kept
    }

    /// The length of the UTF-8 sequence a lead byte starts (1 for stray continuation bytes).
    private static func sequenceLength(_ lead: UInt8) -> Int {
        switch lead {
        case 0xC0...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF7: 4
        default: 1
        }
    }
}
