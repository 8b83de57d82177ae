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
            guard colon == 4 || colon == 5, zip(bytes[..<colon], "https".utf8).allSatisfy({ $0 | 0x20 == $1 }),
                  colon + 2 < bytes.count, bytes[colon + 1] == UInt8(ascii: "/"), bytes[colon + 2] == UInt8(ascii: "/")
            else { return false }
            let authority = bytes[(colon + 3)...].prefix { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
            let host = authority.lastIndex(of: UInt8(ascii: "@")).map { authority[($0 + 1)...] } ?? authority
            // A host: an IPv6 literal, or a name before any port.
            return host.first.map { $0 != UInt8(ascii: ":") } ?? false
        }
    }
}
