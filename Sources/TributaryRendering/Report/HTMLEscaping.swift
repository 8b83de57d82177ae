/// HTML escaping of the values the report's template prints.
enum HTMLEscaping {
    /// `text` with `<`, `>`, `&`, `"` and `'` replaced by entities, as swift-mustache's
    /// `htmlEscape()` does, but byte by byte: a quote followed by a combining mark is one
    /// Character to swift-mustache, which then leaves it as it is. Read through a `Span`,
    /// a third of the cost of iterating `String.UTF8View`.
    static func append(_ text: String, to output: inout [UInt8]) {
        let bytes = text.utf8.span
        var start = 0
        for index in bytes.indices {
            guard let entity = entity(for: bytes[index]) else { continue }
            append(bytes, start..<index, to: &output)
            output.append(contentsOf: entity.utf8)
            start = index + 1
        }
        append(bytes, start..<bytes.count, to: &output)
    }

    /// Appends `bytes[range]` as they are.
    static func append(_ bytes: Span<UInt8>, _ range: Range<Int>, to output: inout [UInt8]) {
        output.append(addingCapacity: range.count) { appended in
            for index in range { appended.append(bytes[index]) }
        }
    }

    private static func entity(for byte: UInt8) -> String? {
        switch byte {
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "\""): "&quot;"
        case UInt8(ascii: "'"): "&#39;"
        default: nil
        }
    }
}
