import Foundation
import Tributary

/// Which redirects are followed: 301, 302, 303, 307 and 308 with a `Location`, to http
/// or https only, never from https to http for a request that carries a secret, and
/// never for a request with a body, such as a POST or PUT (its body would be resent
/// elsewhere, or dropped by a 303), so only GETs are redirected and no method changes
/// are needed.
enum RedirectPolicy {
    static let followed: Set<Int> = [301, 302, 303, 307, 308]

    /// The URL to request next, nil when the response is final; throws for a 3xx that
    /// cannot be followed.
    static func next(
        after response: CurlExchange.Response, from url: URL, carryingSecrets: Bool, sendingBodyOf method: String? = nil
    ) throws -> URL? {
        guard (300..<400).contains(response.status), response.status != 304 else { return nil }
        let location = response.headers["location"]
        if let method {
            let shown = location.map(Redaction.redact) ?? "nowhere"
            throw TributaryError(
                .permanent,
                "refused to follow a redirect of a \(method) (HTTP \(response.status) to \(shown)): "
                    + "a request with a body never follows a redirect; point the source at the address that answers"
            )
        }
        guard followed.contains(response.status), let location,
            let target = URL(string: location, relativeTo: url)?.absoluteURL,
            let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https"
        else {
            let shown = location.map(Redaction.redact) ?? "nowhere"
            throw TributaryError(
                .badResponse, "refused a redirect to \(shown): only http and https redirects are followed")
        }
        if carryingSecrets && url.scheme?.lowercased() == "https" && scheme == "http" {
            throw TributaryError(
                .permanent,
                "refused a redirect from https to \(Redaction.redact(target.absoluteString)): the request carries "
                    + "credentials, "
                    + "which are never sent over plain http; point the source at the https address"
            )
        }
        return target
    }

    /// Whether two URLs share scheme, host and port (an omitted port is the scheme's
    /// default): secret headers are sent only while the origin stays the same.
    static func sameOrigin(_ first: URL, _ second: URL) -> Bool {
        Origin(first) == Origin(second)
    }

    private struct Origin: Equatable {
        let scheme: String?
        let host: String?
        let port: Int?

        init(_ url: URL) {
            scheme = url.scheme?.lowercased()
            host = url.host?.lowercased()
            port = url.port ?? ["http": 80, "https": 443][scheme ?? ""]
        }
    }
}
