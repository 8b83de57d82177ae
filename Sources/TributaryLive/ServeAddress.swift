import Foundation
import Tributary

/// Where `serve` listens, and which `Host` headers it answers.
public struct ServeAddress: Sendable, Equatable {
    public let host: String
    public let port: Int

    public init(host: String = "127.0.0.1", port: Int = 8080) {
        self.host = host
        self.port = port
    }

    /// True when only this machine can connect: a loopback address or `localhost`.
    public var isLoopback: Bool {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        return bare == "localhost" || AddressScope.of(bare) == .loopback
    }

    /// The `Host` header values accepted on `port` (the port bound, which differs from
    /// `port` when that is 0): the bound host, and `localhost` for a loopback address.
    /// Anything else, such as a DNS-rebinding page's own name, is answered 421.
    public func acceptedHostHeaders(port: Int) -> Set<String> {
        var names: Set<String> = ["\(host.lowercased()):\(port)"]
        if host.contains(":") && !host.hasPrefix("[") { names.insert("[\(host.lowercased())]:\(port)") }
        if isLoopback { names.insert("localhost:\(port)") }
        return names
    }
}
