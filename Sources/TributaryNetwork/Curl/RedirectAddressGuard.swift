import CCurl
import Foundation
import Tributary

/// Keeps a redirect from a public server away from this machine, the local link and
/// private networks: it judges the address libcurl is about to connect to, after name
/// resolution, so `2130706433`, a DNS name pointing at 127.0.0.1 or a hex form are
/// caught as surely as `127.0.0.1` itself.
struct RedirectAddressGuard: Sendable {
    /// The host that sent the redirect chain on its way, for messages.
    let origin: String
    let scope: @Sendable (String) -> AddressScope

    /// The refusal for a connection to `address`, nil when it may go ahead.
    func refusal(connectingTo address: String, for url: URL) -> TributaryError? {
        let found = scope(address)
        guard found != .public else { return nil }
        let host = url.host ?? address
        let shown = host == address ? address : "\(host) (\(address))"
        return TributaryError(
            .permanent,
            "refused a redirect from \(origin) to \(shown), a \(found.rawValue) address: a public server may not send "
                + "Tributary into this machine or its network; set \"allowPrivateRedirects\": true in feeds.json to "
                + "allow it"
        )
    }
}

extension CurlExchange {
    /// Routes libcurl's socket creation through the guard, and makes the hop open a new
    /// connection (a reused one would skip the check).
    func installAddressGuard(context: UnsafeMutableRawPointer) {
        tributary_easy_set_long(easy, CURLOPT_FRESH_CONNECT, 1)
        tributary_easy_set_pointer(easy, CURLOPT_OPENSOCKETDATA, context)
        tributary_easy_set_opensocket(easy) { context, _, address in
            Unmanaged<CurlExchange>.fromOpaque(context!).takeUnretainedValue().openSocket(address!.pointee)
        }
    }

    /// Opens the socket libcurl asked for, or refuses with `CURL_SOCKET_BAD`.
    private func openSocket(_ address: curl_sockaddr) -> curl_socket_t {
        var address = address
        let numeric = withUnsafePointer(to: &address.addr) { Self.numericHost($0, length: address.addrlen) }
        if let addressGuard, let refusal = addressGuard.refusal(connectingTo: numeric ?? "?", for: url) {
            failure = refusal
            return CURL_SOCKET_BAD
        }
        return socket(address.family, address.socktype | Int32(SOCK_CLOEXEC.rawValue), address.protocol)
    }

    private static func numericHost(_ address: UnsafePointer<sockaddr>, length: socklen_t) -> String? {
        var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        guard getnameinfo(address, length, &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0 else {
            return nil
        }
        return String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
