import Foundation
import Tributary
import TributaryExtract

/// The feeds an HTML page announces: `<link rel="alternate">` with an RSS, Atom or JSON
/// Feed type, resolved against the page's `<base href>` (itself resolved against the
/// page's address), in document order, each once. The page (its first 2 MB) is read by
/// libxml2's HTML parser, as `tributary extract` reads pages, so any spelling of the
/// doctype, comments, scripts and unclosed tags read as a browser would read them.
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
        guard let page = PageTree.reading(html.prefix(2 * 1024 * 1024)) else { return [] }
        let attributes = { (index: Int) in
            Dictionary(
                page.nodes[index].attributes.map { ($0.name.lowercased(), $0.value) },
                uniquingKeysWith: { first, _ in first })
        }
        var base = pageURL
        if let baseTag = page.first("base"), let href = attributes(baseTag)["href"],
            let resolved = URL(string: href, relativeTo: pageURL)?.absoluteURL
        {
            base = resolved
        }
        var links: [Link] = []
        for attributes in page.all("link").map(attributes) where isFeed(attributes) {
            guard let href = attributes["href"], let url = URL(string: href, relativeTo: base)?.absoluteURL,
                !links.contains(where: { $0.url == url })
            else { continue }
            let title = attributes["title"].map(TextCleanup.singleLine).flatMap { $0.isEmpty ? nil : $0 }
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
