import Foundation
import Tributary

/// Renders the digest as an Atom 1.0 feed (RFC 4287), for subscribing to it in another
/// reader: stable `urn:uuid:` ids, the item's source as a category (scheme
/// `urn:tributary:source`) before its tags, the summary and the full article (`content`) as escaped HTML (`type="html"`),
/// the thumbnail as `media:thumbnail`, and each enclosure as a `link rel="enclosure"`
/// (RFC 4287 §4.2.7.2), with a `media:content` for its duration, which Atom cannot
/// say. The feed's author is the digest's title, as
/// RFC 4287 wants one for entries without their own.
public struct AtomRenderer: Sendable {
    public init() {}

    /// The whole feed as one string (for tests and small digests).
    public func render(_ digest: Digest) -> String {
        String(decoding: Renderer.atom.bytes(digest), as: UTF8.self)
    }

    /// Streams the feed to `sink` in pieces, a window of entries at a time.
    public func render(_ digest: Digest, to sink: ByteSink) {
        let updated = OutputFeedIdentity.updated(digest)
        let head = [
            #"<?xml version="1.0" encoding="utf-8"?>"#,
            #"<feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">"#,
            "  <id>\(OutputFeedIdentity.feedID(digest))</id>",
            "  <title>\(XMLText.escape(digest.title))</title>",
            "  <updated>\(ISO8601Date.format(updated))</updated>",
            "  <author><name>\(XMLText.escape(digest.title))</name></author>",
            #"  <generator uri="\#(OutputFeedIdentity.homePage)" version="\#(TributaryVersion.current)">"#
                + "Tributary</generator>",
        ]
        ChunkedOutput.write(head.joined(separator: "\n") + "\n", to: sink)
        let sourceTitles = OutputFeedIdentity.sourceTitles(digest)
        ChunkedOutput.write(digest.items, to: sink) { _, item, out in
            out.append(
                entry(item, sourceTitle: sourceTitles[item.source], feedUpdated: updated).joined(separator: "\n"))
            out.append(UInt8(ascii: "\n"))
        }
        ChunkedOutput.write("</feed>\n", to: sink)
    }

    private func entry(_ item: FeedItem, sourceTitle: String?, feedUpdated: Date) -> [String] {
        var lines = [
            "  <entry>",
            "    <id>\(OutputFeedIdentity.urn(for: item.id))</id>",
            "    <title>\(XMLText.escape(item.title))</title>",
        ]
        if let url = item.urlString { lines.append(#"    <link rel="alternate" href="\#(XMLText.escape(url))"/>"#) }
        if let published = item.published {
            lines.append("    <published>\(ISO8601Date.format(published))</published>")
        }
        lines.append("    <updated>\(ISO8601Date.format(item.published ?? feedUpdated))</updated>")
        if let author = item.author { lines.append("    <author><name>\(XMLText.escape(author))</name></author>") }
        let label = XMLText.escape(sourceTitle ?? item.source)
        lines.append(
            #"    <category term="\#(XMLText.escape(item.source))" label="\#(label)" "#
                + #"scheme="\#(OutputFeedIdentity.sourceScheme)"/>"#)
        for tag in item.tags { lines.append(#"    <category term="\#(XMLText.escape(tag))"/>"#) }
        if let summary = item.summary {
            lines.append(#"    <summary type="html">\#(XMLText.escapedHTML(summary))</summary>"#)
        }
        if let content = item.content {
            lines.append(#"    <content type="html">\#(XMLText.escape(content))</content>"#)
        }
        if let thumbnail = item.thumbnailString {
            lines.append(#"    <media:thumbnail url="\#(XMLText.escape(thumbnail))"/>"#)
        }
        for enclosure in item.enclosures { lines += Self.enclosure(enclosure) }
        lines.append("  </entry>")
        return lines
    }
}

extension AtomRenderer {
    /// `<link rel="enclosure" href type length/>`, and the `media:content` that times it.
    static func enclosure(_ enclosure: Enclosure) -> [String] {
        var attributes = [#"rel="enclosure""#, #"href="\#(XMLText.escape(enclosure.urlString))""#]
        if let type = enclosure.mimeType { attributes.append(#"type="\#(XMLText.escape(type))""#) }
        if let length = enclosure.length { attributes.append(#"length="\#(length)""#) }
        let link = "    <link " + attributes.joined(separator: " ") + "/>"
        return enclosure.duration == nil ? [link] : [link, "    " + RSSRenderer.mediaContent(enclosure)]
    }
}

extension Renderer {
    /// An Atom 1.0 feed of the digest (RFC 4287), to subscribe to in another reader.
    public static let atom = Renderer(
        name: "atom", mediaType: "application/atom+xml", fileExtension: "atom",
        document: { digest, _, sink in AtomRenderer().render(digest, to: sink) }
    )
}
