/// Undoes double encoding: UTF-8 text that was once read as Windows-1252 (or Latin-1) and
/// encoded as UTF-8 again, so "é" reads "Ã©" and "’" reads "â€™". Done only where it is
/// unambiguous: every non-ASCII character of the text maps back to one Windows-1252 byte,
/// and those bytes form valid UTF-8 with at least one multi-byte sequence. Real text in
/// Latin-1 letters almost never does ("SÃO" stays: `Ã` then `O` is not UTF-8).
public enum DoubleEncodedText {
    /// The text with its double encoding undone, or nil when it is not (unambiguously)
    /// double-encoded, which is most text, found at the first character that shows it.
    public static func undone(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard mayBeDoubleEncoded(bytes), let count = undoneCount(bytes) else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(count)
        var index = 0
        while index < bytes.count {
            guard bytes[index] >= 0x80, let (scalar, length) = decode(bytes, index) else {
                output.append(bytes[index])
                index += 1
                continue
            }
            output.append(Windows1252.byte(for: scalar) ?? 0)
            index += length
        }
        return output
    }

    /// `text` with its double encoding undone; `text` itself when it is not double-encoded.
    public static func undone(_ text: String) -> String {
        BorrowedBuffers.utf8(of: text) { bytes in undone(bytes).map { String(decoding: $0, as: UTF8.self) } } ?? text
    }

    /// The length of the text with its double encoding undone, or nil when it is not
    /// double-encoded; allocates nothing, and most text fails at its first non-ASCII character.
    private static func undoneCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        var count = 0
        var expected = 0  // continuation bytes still due
        var lead: UInt8 = 0
        var multiByte = 0
        while index < bytes.count {
            let byte = bytes[index]
            count += 1
            guard byte >= 0x80 else {
                guard expected == 0 else { return nil }
                index += 1
                continue
            }
            guard let (scalar, length) = decode(bytes, index), let undone = Windows1252.byte(for: scalar) else {
                return nil
            }
            index += length
            if expected > 0 {
                guard undone & 0xC0 == 0x80, continues(lead, undone, first: expected == leadLength(lead) - 1)
                else { return nil }
                expected -= 1
            } else {
                lead = undone
                expected = leadLength(undone) - 1
                guard expected > 0 else { return nil }
                multiByte += 1
            }
        }
        return expected == 0 && multiByte > 0 ? count : nil
    }

    /// Whether `byte` may follow `lead` (Unicode Table 3-7: no overlong forms, surrogates
    /// or code points above U+10FFFF); only the first continuation byte is restricted.
    private static func continues(_ lead: UInt8, _ byte: UInt8, first: Bool) -> Bool {
        guard first else { return true }
        switch lead {
        case 0xE0: return byte >= 0xA0
        case 0xED: return byte <= 0x9F
        case 0xF0: return byte >= 0x90
        case 0xF4: return byte <= 0x8F
        default: return true
        }
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
}
