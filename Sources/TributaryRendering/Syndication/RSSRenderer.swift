import Foundation
import Tributary

/// Renders the digest as an RSS 2.0 feed: each item's `guid` is a stable `urn:uuid:`
/// (`isPermaLink="false"`), its source the first `category` (domain
/// `urn:tributary:source`), its author `dc:creator` (RSS's own `author` must be an
/// e-mail address), its summary escaped HTML in `description`, its full article in
/// `content:encoded`, its thumbnail `media:thumbnail`. Its episode (else its first
/// enclosure) is its one `enclosure`, as the RSS Best Practices Profile advises, timed
/// by `itunes:duration`; further enclosures are `media:content`.
public struct RSSRenderer: Sendable {
    public init() {}

    /// The whole feed as one string (for tests and small digests).
    public func render(_ digest: Digest) -> String {
        String(decoding: Renderer.rss.bytes(digest), as: UTF8.self)
    }

    /// Streams the feed to `sink` in pieces, a window of items at a time.
    public func render(_ digest: Digest, to sink: ByteSink) {
        let head = [
            #"<?xml version="1.0" encoding="utf-8"?>"#,
            #"<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" "#
                + #"xmlns:content="http://purl.org/rss/1.0/modules/content/" "#
                + #"xmlns:media="http://search.yahoo.com/mrss/" "#
                + #"xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">"#,
            "<channel>",
            "  <title>\(XMLText.escape(digest.title))</title>",
            "  <link>\(OutputFeedIdentity.homePage)</link>",
            "  <description>\(XMLText.escape(description(digest)))</description>",
            "  <lastBuildDate>\(RFC822Date.format(OutputFeedIdentity.updated(digest)))</lastBuildDate>",
            "  <generator>Tributary \(TributaryVersion.current)</generator>",
        ]
        ChunkedOutput.write(head.joined(separator: "\n") + "\n", to: sink)
        ChunkedOutput.write(digest.items, to: sink) { _, item, out in
            out.append(self.item(item).joined(separator: "\n"))
            out.append(UInt8(ascii: "\n"))
        }
        ChunkedOutput.write("</channel>\n</rss>\n", to: sink)
    }

    private func description(_ digest: Digest) -> String {
        let names = digest.sources.map { $0.title ?? $0.id }
        return "The Tributary digest of " + (names.isEmpty ? "no sources" : names.joined(separator: ", "))
    }

    private func item(_ item: FeedItem) -> [String] {
        var lines = [
            "  <item>",
            "    <title>\(XMLText.escape(item.title))</title>",
        ]
        if let url = item.urlString { lines.append("    <link>\(XMLText.escape(url))</link>") }
        lines.append(#"    <guid isPermaLink="false">\#(OutputFeedIdentity.urn(for: item.id))</guid>"#)
        if let published = item.published { lines.append("    <pubDate>\(RFC822Date.format(published))</pubDate>") }
        if let author = item.author { lines.append("    <dc:creator>\(XMLText.escape(author))</dc:creator>") }
        lines.append(
            #"    <category domain="\#(OutputFeedIdentity.sourceScheme)">\#(XMLText.escape(item.source))</category>"#)
        for tag in item.tags { lines.append("    <category>\(XMLText.escape(tag))</category>") }
        if let summary = item.summary { lines.append("    <description>\(XMLText.escapedHTML(summary))</description>") }
        if let content = item.content {
            lines.append("    <content:encoded>\(XMLText.escape(content))</content:encoded>")
        }
        if let thumbnail = item.thumbnailString {
            lines.append(#"    <media:thumbnail url="\#(XMLText.escape(thumbnail))"/>"#)
        }
        lines += enclosures(item)
        lines.append("  </item>")
        return lines
    }
}

extension RSSRenderer {
    /// `<enclosure url length type>` (RSS 2.0: all three required; 0 for a length not
    /// known, as the Best Practices Profile says), its `itunes:duration`, then the others.
    private func enclosures(_ item: FeedItem) -> [String] {
        var rest = item.enclosures
        guard let first = item.episode ?? rest.first else { return [] }
        rest.removeAll { $0.urlString == first.urlString }
        var lines = [
            #"    <enclosure url="\#(XMLText.escape(first.urlString))" length="\#(first.length ?? 0)" "#
                + #"type="\#(XMLText.escape(first.mimeType ?? "application/octet-stream"))"/>"#
        ]
        if let duration = first.duration { lines.append("    <itunes:duration>\(duration)</itunes:duration>") }
        lines += rest.map { "    " + Self.mediaContent($0) }
        return lines
    }

    /// Media RSS's `<media:content url type fileSize duration/>`, what is known of it.
    static func mediaContent(_ enclosure: Enclosure) -> String {
        var attributes = [#"url="\#(XMLText.escape(enclosure.urlString))""#]
        if let type = enclosure.mimeType { attributes.append(#"type="\#(XMLText.escape(type))""#) }
        if let length = enclosure.length { attributes.append(#"fileSize="\#(length)""#) }
        if let duration = enclosure.duration { attributes.append(#"duration="\#(duration)""#) }
        return "<media:content " + attributes.joined(separator: " ") + "/>"
    }
}

extension Renderer {
    /// An RSS 2.0 feed of the digest, for readers that take no Atom.
    public static let rss = Renderer(
        name: "rss", mediaType: "application/rss+xml", fileExtension: "rss",
        document: { digest, _, sink in RSSRenderer().render(digest, to: sink) }
    )
}
