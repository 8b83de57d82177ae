import Foundation

/// Reads Mastodon's `Link` paging header:
/// `<https://example.social/api/v1/timelines/tag/swift?max_id=1123>; rel="next", <…?min_id=1130>; rel="prev"`.
enum MastodonLinks {
    /// The `rel="next"` URL (older statuses), only when it stays on the instance that
    /// answered (same scheme, host and port): the header is remote text, and the token
    /// must not follow it elsewhere.
    static func next(_ header: String?, sameOriginAs origin: URL) -> URL? {
        guard let header else { return nil }
        for link in header.split(separator: ",") {
            let parts = link.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let target = parts.first, target.hasPrefix("<"), target.hasSuffix(">"),
                parts.dropFirst().contains(where: isNextRelation),
                let url = URL(string: String(target.dropFirst().dropLast()))
            else { continue }
            return sameOrigin(url, origin) ? url : nil
        }
        return nil
    }

    static func isNextRelation(_ parameter: String) -> Bool {
        let compact = parameter.replacingOccurrences(of: " ", with: "").lowercased()
        return compact == "rel=\"next\"" || compact == "rel=next"
    }

    static func sameOrigin(_ url: URL, _ origin: URL) -> Bool {
        url.scheme?.lowercased() == origin.scheme?.lowercased() && url.host?.lowercased() == origin.host?.lowercased()
            && url.port == origin.port
    }
}
