/// HTML character references read off UTF-8 bytes: `&amp;`, `&#39;`, `&#x27;`, `&eacute;`.
public enum HTMLCharacterReferences {
    /// The text with every named and numeric reference decoded, exactly once:
    /// `&amp;lt;` becomes `&lt;`, not `<`. Unknown or malformed references stay as they are.
    public static func decode(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.contains(UInt8(ascii: "&")) else { return nil }
            return String(decoding: decoded(bytes), as: UTF8.self)
        } ?? text
    }

    private static func decoded(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if let (scalar, length) = reference(in: bytes, at: index) {
                output.append(contentsOf: String(Character(scalar)).utf8)
                index += length
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return output
    }

    /// The character a reference starting with the `&` at `index` stands for, and the
    /// reference's length in bytes; nil when no known, well-formed reference starts there.
    public static func reference(
        in bytes: UnsafeBufferPointer<UInt8>, at index: Int
    ) -> (Unicode.Scalar, length: Int)? {
        guard bytes[index] == UInt8(ascii: "&"),
            let semicolon = bytes[(index + 1)..<min(bytes.count, index + 34)].firstIndex(of: UInt8(ascii: ";")),
            let scalar = scalar(for: bytes[(index + 1)..<semicolon])
        else { return nil }
        return (scalar, semicolon + 1 - index)
    }

    private static func scalar(for reference: Slice<UnsafeBufferPointer<UInt8>>) -> Unicode.Scalar? {
        guard let first = reference.first else { return nil }
        let name = String(decoding: reference, as: UTF8.self)
        guard first == UInt8(ascii: "#") else { return HTMLEntityTable.codePoints[name].flatMap(Unicode.Scalar.init) }
        let number = name.dropFirst()
        let value =
            number.first == "x" || number.first == "X"
            ? UInt32(number.dropFirst(), radix: 16) : UInt32(number, radix: 10)
        // HTML reads references to the C1 controls as Windows-1252 (`&#146;` is `’`).
        if let value, (0x80...0x9F).contains(value) {
            return Windows1252.scalar(for: UInt8(value)) ?? Unicode.Scalar(value)
        }
        return value.flatMap(Unicode.Scalar.init)
    }
}
