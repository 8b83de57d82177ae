import Foundation

extension URL {
    /// True for a `file://` URL or one naming a loopback host (`localhost`, 127.0.0.0/8, `[::1]`):
    /// nothing sent to it leaves this machine.
    var staysOnThisMachine: Bool {
        if isFileURL { return true }
        guard let host = host?.trimmingCharacters(in: CharacterSet(charactersIn: "[]")) else { return false }
        return host.lowercased() == "localhost" || AddressScope.of(host) == .loopback
    }
}
