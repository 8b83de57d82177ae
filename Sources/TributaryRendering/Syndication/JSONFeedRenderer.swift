import Foundation
import Tributary

/// Renders the digest as a JSON Feed 1.1 document: stable `urn:uuid:` ids, the item's
/// source as its first tag, the full article (else the summary, escaped) in
/// `content_html` (an empty `content_text` when there is neither, as every item needs one
/// of them; with an article, the summary in `summary`), the thumbnail as
/// `image`, the enclosures as `attachments` (`application/octet-stream` where the type is
/// not known, as `mime_type` is required), and what JSON Feed has no field for under `_tributary` (source, type, kind, score).
/// The feed has no `authors` of its own, which items without one would inherit.
public struct JSONFeedRenderer: Sendable {
    public init() {}

    /// The whole feed as one string (for tests and small digests).
    public func render(_ digest: Digest) -> String {
        String(decoding: Renderer.jsonFeed.bytes(digest), as: UTF8.self)
    }

    /// Streams the feed to `sink` in pieces (see `JSONWriter.elements`).
    public func render(_ digest: Digest, to sink: ByteSink) {
        var head = JSONWriter(capacity: 512)
        head.raw("{\n  \"version\": \"https://jsonfeed.org/version/1.1\",\n  \"title\": ")
        head.string(digest.title)
        head.raw(digest.items.isEmpty ? ",\n  \"items\": [" : ",\n  \"items\": [\n")
        sink(head.bytes)
        JSONWriter.elements(digest.items, to: sink) { _, item, out in write(item, to: &out) }
        var tail = JSONWriter(capacity: 16)
        tail.raw(digest.items.isEmpty ? "]\n}\n" : "\n  ]\n}\n")
        sink(tail.bytes)
    }

    private func write(_ item: FeedItem, to out: inout JSONWriter) {
        out.field("id", first: true) { $0.string(OutputFeedIdentity.urn(for: item.id)) }
        if let url = item.urlString { out.field("url") { $0.string(url) } }
        out.field("title") { $0.string(item.title) }
        if let content = item.content {
            out.field("content_html") { $0.string(content) }
            if let summary = item.summary { out.field("summary") { $0.string(summary) } }
        } else if let summary = item.summary {
            out.field("content_html") { $0.string(XMLText.escape(summary)) }
        } else {
            out.field("content_text") { $0.string("") }
        }
        if let thumbnail = item.thumbnailString { out.field("image") { $0.string(thumbnail) } }
        if let published = item.published { out.field("date_published") { $0.date(published) } }
        if let author = item.author {
            out.field("authors") { writer in
                writer.raw("[{\"name\": ")
                writer.string(author)
                writer.raw("}]")
            }
        }
        out.field("tags") { $0.strings([item.source] + item.tags.filter { $0 != item.source }) }
        let enclosures = item.enclosures
        if !enclosures.isEmpty { out.field("attachments") { Self.attachments(enclosures, to: &$0) } }
        out.field("_tributary") { writer in
            writer.raw("{\"source\": ")
            writer.string(item.source)
            writer.raw(", \"type\": ")
            writer.string(item.sourceType)
            writer.raw(", \"kind\": ")
            writer.string(item.kind.rawValue)
            writer.raw(", \"score\": ")
            writer.number(item.score)
            writer.raw("}")
        }
    }
}

extension JSONFeedRenderer {
    /// `[{"url", "mime_type", "size_in_bytes", "duration_in_seconds"}, …]`, what is known.
    static func attachments(_ enclosures: [Enclosure], to out: inout JSONWriter) {
        out.raw("[")
        for (index, enclosure) in enclosures.enumerated() {
            out.raw(index == 0 ? "{\"url\": " : ", {\"url\": ")
            out.string(enclosure.urlString)
            out.raw(", \"mime_type\": ")
            out.string(enclosure.mimeType ?? "application/octet-stream")
            if let length = enclosure.length {
                out.raw(", \"size_in_bytes\": ")
                out.integer(Int64(length))
            }
            if let duration = enclosure.duration {
                out.raw(", \"duration_in_seconds\": ")
                out.integer(Int64(duration))
            }
            out.raw("}")
        }
        out.raw("]")
    }
}

extension Renderer {
    /// A JSON Feed 1.1 document of the digest.
    public static let jsonFeed = Renderer(
        name: "jsonfeed", mediaType: "application/feed+json", fileExtension: "json",
        document: { digest, _, sink in JSONFeedRenderer().render(digest, to: sink) }
    )
}
