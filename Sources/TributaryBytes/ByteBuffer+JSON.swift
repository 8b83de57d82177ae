extension ByteBuffer {
    /// `text` as a JSON string, quoted and escaped per RFC 8259: `"`, `\` and control
    /// characters escaped (`\n`, `\r`, `\t`, else `\u00XX`), all other UTF-8 kept as is.
    /// Runs that need no escape are found eight bytes at a time and copied whole.
    @inlinable
    public mutating func appendJSONString(_ text: String) {
        var text = text
        append(0x22)
        text.withUTF8 { utf8 in
            var start = 0
            var index = 0
            while index < utf8.count {
                index = Self.endOfPlainJSONRun(utf8, from: index)
                guard index < utf8.count else { break }
                append(UnsafeBufferPointer(rebasing: utf8[start..<index]))
                appendJSONEscape(utf8[index])
                index += 1
                start = index
            }
            append(UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        append(0x22)
    }

    /// The index of the first byte at or after `start` that JSON needs escaped (a
    /// control character, `"` or `\`), or the end; eight bytes at a time.
    @inlinable
    static func endOfPlainJSONRun(_ utf8: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        let raw = UnsafeRawBufferPointer(utf8)
        while index + 8 <= utf8.count {
            let word = ByteWords.load(raw, at: index)
            if ByteWords.hasByte(word, below: 0x20) || ByteWords.has(word, 0x22) || ByteWords.has(word, 0x5C) { break }
            index += 8
        }
        while index < utf8.count, utf8[index] >= 0x20, utf8[index] != 0x22, utf8[index] != 0x5C { index += 1 }
        return index
    }

    /// The escape for one byte that needs it; rare, so not inlined.
    @usableFromInline
    mutating func appendJSONEscape(_ byte: UInt8) {
        switch byte {
        case 0x22: append("\\\"")
        case 0x5C: append("\\\\")
        case 0x0A: append("\\n")
        case 0x0D: append("\\r")
        case 0x09: append("\\t")
        default:
            let hex: StaticString = "0123456789abcdef"
            append("\\u00")
            append(hex.utf8Start[Int(byte >> 4)])
            append(hex.utf8Start[Int(byte & 0x0F)])
        }
    }
}
