/// The byte checks behind `WebAddress`, read off a string's UTF-8 in one pass without
/// building a `URL` for every item.
public enum WebAddressScan {
    /// Whether `text` is an http or https URL with a host: the scheme in any case, then
    /// `//` and an authority whose host (after any user, before any port) is not empty.
    public static func hasWebSchemeAndHost(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            let colon = bytes.firstIndex(of: UInt8(ascii: ":")) ?? bytes.count
            // "http" or "https", in any case (`| 0x20` lower-cases ASCII letters).
            guard colon == 4 || colon == 5, bytes[0] | 0x20 == UInt8(ascii: "h"), bytes[1] | 0x20 == UInt8(ascii: "t"),
                bytes[2] | 0x20 == UInt8(ascii: "t"), bytes[3] | 0x20 == UInt8(ascii: "p"),
                colon == 4 || bytes[4] | 0x20 == UInt8(ascii: "s"),
                colon + 2 < bytes.count, bytes[colon + 1] == UInt8(ascii: "/"), bytes[colon + 2] == UInt8(ascii: "/")
            else { return false }
            let authority = bytes[(colon + 3)...].prefix {
                $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#")
            }
            let host = authority.lastIndex(of: UInt8(ascii: "@")).map { authority[($0 + 1)...] } ?? authority
            // A host: an IPv6 literal, or a name before any port.
            return host.first.map { $0 != UInt8(ascii: ":") } ?? false
        }
    }

    /// Whether `text` is plainly a well-formed http or https URL, one `URL` would give back
    /// unchanged: a lower-case scheme, a host of name characters with an optional numeric
    /// port, and otherwise only characters RFC 3986 allows where they stand.
    public static func isPlainWebURL(_ text: String) -> Bool {
        var text = text
        return text.withUTF8(isPlainWebURL)
    }

    private static func isPlainWebURL(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard var index = endOfAuthority(bytes) else { return false }
        // Path, query and fragment: RFC 3986's pchar, `/`, `?`, one `#`, whole percent-escapes.
        var sawFragment = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2]) else {
                    return false
                }
                index += 3
                continue
            }
            if byte == UInt8(ascii: "#") {
                guard !sawFragment else { return false }
                sawFragment = true
            } else if !isURLCharacter(byte) {
                return false
            }
            index += 1
        }
        return true
    }

    /// Where the path starts after `http://` or `https://`, a host of letters, digits, `-`
    /// and `.`, and an optional port of digits; nil when the text does not start so.
    private static func endOfAuthority(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let schemeLength: Int
        if bytes.starts(with: "https://".utf8) {
            schemeLength = 8
        } else if bytes.starts(with: "http://".utf8) {
            schemeLength = 7
        } else {
            return nil
        }
        var index = schemeLength
        while index < bytes.count, isHostCharacter(bytes[index]) { index += 1 }
        guard index > schemeLength else { return nil }
        if index < bytes.count, bytes[index] == UInt8(ascii: ":") {
            let portStart = index + 1
            index = portStart
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
            guard index > portStart else { return nil }
        }
        guard index == bytes.count || [UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#")].contains(bytes[index])
        else { return nil }
        return index
    }
}
