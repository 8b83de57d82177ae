import Foundation
import Tributary

/// The proxy libcurl takes from the environment for a URL, by libcurl's own rules, so
/// that messages can name it: `http_proxy` for http (lower case only, as libcurl reads
/// it), `https_proxy` or `HTTPS_PROXY` for https, else `all_proxy` or `ALL_PROXY`; none
/// when `no_proxy` (or `NO_PROXY`) is `*` or lists the host, a domain it is in, or its
/// address (`10.0.0.0/8` ranges included).
///
/// Tributary sets no proxy option on libcurl, so the variables keep working as they do
/// for `curl`; this type only describes the choice.
public struct ProxyEnvironment: Sendable {
    /// A proxy in use: the variable it came from and its address, credentials redacted.
    public struct Proxy: Sendable, Equatable {
        public let variable: String
        public let address: String
    }

    let environment: [String: String]

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
    }

    /// The proxy a request to `url` goes through, nil when it goes direct.
    public func proxy(for url: URL) -> Proxy? {
        let names =
            switch url.scheme?.lowercased() {
            case "http": ["http_proxy"]
            case "https": ["https_proxy", "HTTPS_PROXY"]
            default: [String]()
            }
        guard let host = url.host?.lowercased(),
            let variable = (names + ["all_proxy", "ALL_PROXY"]).first(where: { value($0) != nil }),
            let address = value(variable), !bypasses(host)
        else { return nil }
        let withScheme = address.contains("://") ? address : "http://" + address
        return Proxy(variable: variable, address: Redaction.redact(TextCleanup.singleLine(withScheme)))
    }

    private func value(_ name: String) -> String? {
        environment[name].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Whether `no_proxy` sends `host` direct.
    private func bypasses(_ host: String) -> Bool {
        guard let list = value("no_proxy") ?? value("NO_PROXY") else { return false }
        let bare = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        let entries = list.split { $0 == "," || $0 == " " || $0 == "\t" }.map { $0.lowercased() }
        return list.trimmingCharacters(in: .whitespaces) == "*" || entries.contains { Self.matches(bare, $0) }
    }

    private static func matches(_ host: String, _ entry: String) -> Bool {
        if let slash = entry.firstIndex(of: "/") {
            return IPv4Range(entry[..<slash], bits: entry[entry.index(after: slash)...])?.contains(host) ?? false
        }
        let domain = entry.hasPrefix(".") ? String(entry.dropFirst()) : entry
        return host == domain || host.hasSuffix("." + domain)
    }
}

/// An IPv4 range written as `10.0.0.0/8`.
private struct IPv4Range {
    let network: UInt32
    let mask: UInt32

    init?(_ address: Substring, bits: Substring) {
        guard let network = Self.number(address), let bits = Int(bits), (0...32).contains(bits) else { return nil }
        mask = bits == 0 ? 0 : UInt32.max << (32 - bits)
        self.network = network & mask
    }

    func contains(_ host: String) -> Bool {
        Self.number(Substring(host)).map { $0 & mask == network } ?? false
    }

    private static func number(_ text: Substring) -> UInt32? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { UInt8($0) }
        guard parts.count == 4, parts.allSatisfy({ $0 != nil }) else { return nil }
        return parts.reduce(UInt32(0)) { $0 << 8 | UInt32($1!) }
    }
}
