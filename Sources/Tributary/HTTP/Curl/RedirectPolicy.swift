import Foundation

/// Which redirects are followed: 301, 302, 303, 307 and 308 with a `Location`, to http
/// or https only. Every request is a GET, so no method changes are needed.
enum RedirectPolicy {
    static let followed: Set<Int> = [301, 302, 303, 307, 308]

    /// The URL to request next, nil when the response is final; throws for a 3xx that
    /// cannot be followed.
    static func next(after response: CurlExchange.Response, from url: URL) throws -> URL? {
        guard (300..<400).contains(response.status), response.status != 304 else { return nil }
        let location = response.headers["location"]
        guard followed.contains(response.status), let location,
              let target = URL(string: location, relativeTo: url)?.absoluteURL,
              let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https"
        else {
            let shown = location.map(Redaction.redact) ?? "nowhere"
            throw TributaryError(.badResponse, "refused a redirect to \(shown): only http and https redirects are followed")
        }
        return target
    }
}
