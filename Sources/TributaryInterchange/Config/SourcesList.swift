/// Where feeds.json's top-level `sources` list stands in the file's text, so entries can be
/// added by inserting text: the user's comments, order, spacing and trailing commas stay as
/// they were. Found by a scan that knows strings and `//`/`/* */` comments and nothing else;
/// the file has already been parsed, so the scan meets only valid text.
struct SourcesList {
    /// The offset of the list's `[`.
    let open: Int
    /// The offset of the list's `]`.
    let close: Int
    /// The offset just past the last element (or the `[` when there is none), before any
    /// comma, space or comment that follows it.
    let lastElementEnd: Int
    /// Whether a comma follows the last element (a trailing comma).
    let hasTrailingComma: Bool
    /// The offset of the first element, when there is one.
    let firstElement: Int?
    /// Each element's text, from its first byte to just past its last.
    var elements: [Range<Int>] = []

    /// The `sources` list of the JSON object in `bytes`; nil when it has none.
    static func find(in bytes: [UInt8]) -> SourcesList? {
        var scan = Scan(bytes: bytes)
        var depth = 0
        var lastKey: [UInt8]?
        var previous: UInt8 = 0
        var list: (open: Int, depth: Int)?
        var lastEnd = 0
        var firstElement: Int?
        var elements: [Range<Int>] = []
        var elementStart: Int?
        while let (index, byte) = scan.nextSignificant() {
            if let list, depth == list.depth {  // between the list's elements, or at one's first byte
                if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") {
                    if let start = elementStart { elements.append(start..<lastEnd) }
                    elementStart = nil
                } else if elementStart == nil {
                    elementStart = index
                }
            }
            switch byte {
            case UInt8(ascii: "\""):
                let end = scan.skipString(from: index)
                if depth == 1 && (previous == UInt8(ascii: "{") || previous == UInt8(ascii: ",")) {
                    lastKey = Array(bytes[(index + 1)..<(end - 1)])
                }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if byte == UInt8(ascii: "["), depth == 1, list == nil, lastKey == Array("sources".utf8) {
                    list = (index, depth + 1)
                }
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if let list, depth == list.depth {
                    let last = bytes[lastEnd - 1]
                    return SourcesList(
                        open: list.open, close: index,
                        lastElementEnd: last == UInt8(ascii: ",") ? lastEnd - 1 : lastEnd,
                        hasTrailingComma: last == UInt8(ascii: ","), firstElement: firstElement, elements: elements)
                }
                depth -= 1
            default: break
            }
            if let list, depth >= list.depth, firstElement == nil, index > list.open { firstElement = index }
            previous = byte
            lastEnd = scan.position
        }
        return nil
    }

    /// A cursor over the bytes that skips white space, comments and the insides of strings.
    struct Scan {
        let bytes: [UInt8]
        var position = 0

        /// The next byte that is not white space or in a comment, and its offset.
        mutating func nextSignificant() -> (Int, UInt8)? {
            while position < bytes.count {
                let byte = bytes[position]
                if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                    position += 1
                } else if bytes[position...].starts(with: "//".utf8) {
                    while position < bytes.count && bytes[position] != 0x0A { position += 1 }
                } else if bytes[position...].starts(with: "/*".utf8) {
                    position = bytes[(position + 2)...].firstRange(of: "*/".utf8)?.upperBound ?? bytes.count
                } else {
                    position += 1
                    return (position - 1, byte)
                }
            }
            return nil
        }

        /// Moves past the string whose opening quote is at `start`; returns the offset after its closing quote.
        mutating func skipString(from start: Int) -> Int {
            position = start + 1
            while position < bytes.count && bytes[position] != UInt8(ascii: "\"") {
                position += bytes[position] == UInt8(ascii: "\\") ? 2 : 1
            }
            position = min(position + 1, bytes.count)
            return position
        }
    }
}
