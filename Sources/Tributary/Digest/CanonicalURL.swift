import Foundation

/// The form of a URL used to recognise the same page reached through several sources.
public enum CanonicalURL {
    private static let trackingPrefixes = ["utm_", "fbclid", "gclid", "mc_cid", "mc_eid"]

    /// Lower-cased scheme and host, `http` as `https`, no `www.`, no fragment, no default
    /// port, no tracking parameters, no trailing slash.
    public static func key(for url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url.absoluteString }
        components.scheme = components.scheme.map { $0.lowercased() == "http" ? "https" : $0.lowercased() }
        if let host = components.host?.lowercased() {
            components.host = host.hasPrefix("www.") ? String(host.dropFirst(4)) : host
        }
        if components.port == 80 || components.port == 443 { components.port = nil }
        components.fragment = nil
        let kept = components.queryItems?.filter { item in !trackingPrefixes.contains { item.name.lowercased().hasPrefix($0) } }
        components.queryItems = kept?.isEmpty == false ? kept : nil
        while components.path.count > 1 && components.path.hasSuffix("/") { components.path.removeLast() }
        return components.string ?? url.absoluteString
    }
}
