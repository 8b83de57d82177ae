/// Undoes double encoding: UTF-8 text that was once read as Windows-1252 (or Latin-1) and
/// encoded as UTF-8 again, so "é" reads "Ã©" and "’" reads "â€™". Done only where it is
/// unambiguous: every non-ASCII character of the text maps back to one Windows-1252 byte,
/// and those bytes form valid UTF-8 with at least one multi-byte sequence. Real text in
/// Latin-1 letters almost never does ("SÃO" stays: `Ã` then `O` is not UTF-8).
public enum DoubleEncodedText {
    /// The text with its double encoding undone, or nil when it is not (unambiguously)
    /// double-encoded, which is most text, found at the first character that shows it.
    public static func undone(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard mayBeDoubleEncoded(bytes) else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        var expected = 0  // continuation bytes still due in `output`
        var sequences = 0
        while index < bytes.count {
            let lead = bytes[index]
            guard lead >= 0x80 else {
                guard expected == 0 else { return nil }
                output.append(lead)
                index += 1
                continue
            }
            guard let (scalar, length) = decode(bytes, index), let byte = Windows1252.byte(for: scalar) else {
                return nil
            }
            index += length
            if expected > 0 {
                guard byte & 0xC0 == 0x80 else { return nil }
                expected -= 1
            } else {
                expected = leadLength(byte) - 1
                guard expected > 0 else { return nil }
                sequences += 1
            }
            output.append(byte)
        }
        return expected == 0 && sequences > 0 && isValidUTF8(output) ? output : nil
    }

    /// A cheap first look: whether the text holds `U+00C2`–`U+00F4` (`C3 82`–`C3 B4`), the
    /// lead bytes of UTF-8 read as Latin-1, as every double-encoded text does. Words without
    /// a `C3` byte are skipped eight bytes at a time.
    private static func mayBeDoubleEncoded(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let raw = UnsafeRawBufferPointer(bytes)
        var index = 0
        while index < bytes.count {
            let end = min(index + 8, bytes.count)
            if end - index < 8 || ByteWords.has(ByteWords.load(raw, at: index), 0xC3) {
                for position in index..<end where bytes[position] == 0xC3 && position + 1 < bytes.count {
                    if (0x82...0xB4).contains(bytes[position + 1]) { return true }
                }
            }
            index = end
        }
        return false
    }

    /// The scalar of the UTF-8 sequence at `index` and its length; nil when it is not one.
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> (UInt32, Int)? {
        let lead = bytes[index]
        let length = leadLength(lead)
        guard length > 1, index + length <= bytes.count else { return nil }
        var value = UInt32(lead) & (0x7F >> length)
        for offset in 1..<length {
            let byte = bytes[index + offset]
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        return (value, length)
    }

    private static func leadLength(_ byte: UInt8) -> Int {
        switch byte {
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF4: 4
        default: 1
        }
    }

    private static func isValidUTF8(_ bytes: [UInt8]) -> Bool {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }
}
