#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bytes of a numeric IP address, read by the C library's own parsers so that every
/// spelling libcurl connects to is understood: `AddressScope`'s input.
public enum NumericAddress {
    /// The four bytes of an IPv4 address as `inet_aton` reads it (`127.1`, `2130706433`,
    /// `0x7f000001`, `0x7f.0.0.1`, `017700000001` too); nil for other text.
    public static func ipv4(_ text: String) -> [UInt8]? {
        var address = in_addr()
        guard inet_aton(text, &address) == 1 else { return nil }
        return withUnsafeBytes(of: address) { Array($0) }
    }

    /// The sixteen bytes of an IPv6 address as `inet_pton` reads it; nil for other text.
    public static func ipv6(_ text: String) -> [UInt8]? {
        var address = in6_addr()
        guard inet_pton(AF_INET6, text, &address) == 1 else { return nil }
        return withUnsafeBytes(of: address) { Array($0) }
    }
}
