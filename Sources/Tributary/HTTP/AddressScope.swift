import TributaryBytes

/// Where an IP address points: the public internet, or somewhere a redirect from a
/// public server must not lead (this machine, the local link, a private network).
public enum AddressScope: String, Sendable {
    case `public`
    case loopback
    case linkLocal = "link-local"
    case `private`
    /// 0.0.0.0, ::, multicast and other addresses no public server should send a client to.
    case reserved

    /// The scope of a numeric IPv4 or IPv6 address (`127.0.0.1`, `fe80::1`); `reserved`
    /// for text that is not one. IPv4 is read as `inet_aton` reads it, in every spelling
    /// libcurl also connects to (`127.1`, `2130706433`, `0x7f000001`, `0x7f.0.0.1`,
    /// `017700000001`). IPv4-mapped IPv6 addresses are judged as IPv4.
    public static func of(_ address: String) -> AddressScope {
        if let v4 = NumericAddress.ipv4(address) { return of(ipv4: v4) }
        return NumericAddress.ipv6(address).map(of(ipv6:)) ?? .reserved
    }

    private static func of(ipv4 bytes: [UInt8]) -> AddressScope {
        switch (bytes[0], bytes[1]) {
        case (127, _): .loopback
        case (169, 254): .linkLocal
        case (10, _), (172, 16...31), (192, 168), (100, 64...127): .private
        case (0, _), (224...255, _): .reserved
        default: .public
        }
    }

    private static func of(ipv6 bytes: [UInt8]) -> AddressScope {
        if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF {
            return of(ipv4: Array(bytes[12...]))
        }
        if bytes[0..<15].allSatisfy({ $0 == 0 }) { return bytes[15] == 1 ? .loopback : .reserved }
        switch (bytes[0], bytes[1] & 0xC0) {
        case (0xFE, 0x80): return .linkLocal
        case (0xFC...0xFD, _): return .private
        case (0xFF, _): return .reserved
        default: return .public
        }
    }
}
