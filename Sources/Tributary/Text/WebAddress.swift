import Foundation

/// The only addresses Tributary keeps as links and images: absolute http and https URLs
/// with a host. One rule for the host's sanitiser and the report's second check.
public enum WebAddress {
    /// Whether `text`, the absolute string of a `URL`, is an http or https URL with a
    /// host. Read off the text (scheme, then the authority without user and port), as
    /// `URL.scheme` and `URL.host` would, without building a `URL` for every item.
    public static func isWeb(_ text: String?) -> Bool {
        guard var text else { return false }
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
}

extension WebAddress {
    /// What `URL(string: text)?.absoluteString` gives, without building a `URL` when the
    /// text is plainly a well-formed http or https URL (then it is the text itself): a
    /// lower-case scheme, a host of name characters with an optional numeric port, and
    /// otherwise only characters RFC 3986 allows where they stand. Anything else (user
    /// info, IPv6 literals, spaces, non-ASCII, stray `%`) goes through `URL`.
    public static func absoluteString(_ text: String) -> String? {
        var text = text
        if text.withUTF8(isPlainWebURL) { return text }
        return URL(string: text)?.absoluteString
    }

    private static func isPlainWebURL(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let schemeLength: Int
        if bytes.starts(with: "https://".utf8) {
            schemeLength = 8
        } else if bytes.starts(with: "http://".utf8) {
            schemeLength = 7
        } else {
            return false
        }
        var index = schemeLength
        // Host: letters, digits, `-` and `.`; then an optional port of digits.
        while index < bytes.count, isHostCharacter(bytes[index]) { index += 1 }
        guard index > schemeLength else { return false }
        if index < bytes.count, bytes[index] == UInt8(ascii: ":") {
            let portStart = index + 1
            index = portStart
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
            guard index > portStart else { return false }
        }
        guard index == bytes.count || [UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#")].contains(bytes[index])
        else { return false }
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

    private static func isHostCharacter(_ byte: UInt8) -> Bool {
        (0x61...0x7A).contains(byte | 0x20) || (0x30...0x39).contains(byte) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: ".")
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x61...0x66).contains(byte | 0x20)
    }

    /// Unreserved, sub-delims, `:`, `@`, `/` and `?`: every character a path, query or
    /// fragment may hold as it is.
    private static func isURLCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x61...0x7A, 0x41...0x5A, 0x30...0x39: true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"): true
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
            UInt8(ascii: ")"),
            UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="):
            true
        case UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "/"), UInt8(ascii: "?"): true
        default: false
        }
    }
}
