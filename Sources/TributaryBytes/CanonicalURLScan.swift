/// The byte check behind `CanonicalURL`'s short cut, in one pass over a string's UTF-8.
public enum CanonicalURLScan {
    /// Whether `text` is already its own canonical key: `https://` and a host without
    /// `www.`, upper-case letters or a port, then no query, no fragment and no trailing slash.
    public static func isAlreadyCanonical(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { utf8 in
            guard utf8.starts(with: "https://".utf8), utf8.last != UInt8(ascii: "/") else { return false }
            let rest = utf8[8...]
            guard !rest.starts(with: "www.".utf8) else { return false }
            var inHost = true
            for byte in rest {
                if byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { return false }
                if byte == UInt8(ascii: "/") { inHost = false }
                if inHost && ((0x41...0x5A).contains(byte) || byte == UInt8(ascii: ":")) { return false }
            }
            return true
        }
    }
}
