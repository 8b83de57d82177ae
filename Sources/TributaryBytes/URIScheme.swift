/// Whether a reference is absolute, read off its UTF-8 without building a `URL`.
public enum URIScheme {
    /// Whether `text` starts with a scheme and `:` (RFC 3986 letters, digits, `+`, `-`, `.`).
    public static func hasScheme(_ text: String) -> Bool {
        var text = text
        return text.withUTF8(hasScheme(utf8:))
    }

    /// `hasScheme` of a reference's UTF-8 bytes.
    public static func hasScheme(utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let colon = utf8.firstIndex(of: UInt8(ascii: ":")), colon != 0 else { return false }
        return utf8[..<colon].allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x2B
                || byte == 0x2D || byte == 0x2E
        }
    }
}
