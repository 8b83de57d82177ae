import Foundation
import Tributary

/// The feeds an HTML page announces: `<link rel="alternate">` with an RSS, Atom or JSON
/// Feed type, resolved against the page's `<base href>` (itself resolved against the
/// page's address), in document order, each once. The page is scanned, not parsed:
/// comments are skipped, and only `link` and `base` tags are read.
public enum HTMLFeedLinks {
    /// The media types that announce a feed.
    static let feedTypes: Set<String> = [
        "application/rss+xml", "application/atom+xml", "application/feed+json", "application/json",
        "application/rdf+xml",
    ]

    /// An announced feed: its address and the `title` the page gave it.
    public struct Link: Sendable, Equatable {
        public var url: URL
        public var title: String?
    }

    public static func find(in html: Data, pageURL: URL) -> [Link] {
        let tags = HTMLTagScanner.tags(named: ["link", "base"], in: Array(html.prefix(2 * 1024 * 1024)))
        var base = pageURL
        if let href = tags.first(where: { $0.name == "base" })?.attributes["href"],
            let resolved = URL(string: href, relativeTo: pageURL)?.absoluteURL
        {
            base = resolved
        }
        var links: [Link] = []
        for tag in tags where tag.name == "link" && isFeed(tag.attributes) {
            guard let href = tag.attributes["href"], let url = URL(string: href, relativeTo: base)?.absoluteURL,
                !links.contains(where: { $0.url == url })
            else { continue }
            let title = tag.attributes["title"].map(TextCleanup.singleLine).flatMap { $0.isEmpty ? nil : $0 }
            links.append(Link(url: url, title: title))
        }
        return links
    }

    private static func isFeed(_ attributes: [String: String]) -> Bool {
        let rel = (attributes["rel"] ?? "").lowercased().split(whereSeparator: \.isWhitespace)
        let type = (attributes["type"] ?? "").split(separator: ";").first.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }
        return rel.contains("alternate") && type.map(feedTypes.contains) == true
    }
}
