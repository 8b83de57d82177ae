import Foundation
import Tributary

/// Renders the digest as a JSON Feed 1.1 document: stable `urn:uuid:` ids, the item's
/// source as its first tag, the summary as escaped HTML in `content_html` (an empty
/// `content_text` when there is none, as every item needs one of them), the thumbnail as
/// `image`, and what JSON Feed has no field for under `_tributary` (source, type, kind, score).
/// The feed has no `authors` of its own, which items without one would inherit.
public struct JSONFeedRenderer: Sendable {
    public init() {}

    public func render(_ digest: Digest) -> String {
        var head = JSONWriter(capacity: 512)
        head.raw("{\n  \"version\": \"https://jsonfeed.org/version/1.1\",\n  \"title\": ")
        head.string(digest.title)
        head.raw(",\n  \"items\": [")
        var text = String(decoding: head.bytes, as: UTF8.self)
        for (index, item) in digest.items.enumerated() {
            var out = JSONWriter(capacity: 1024)
            out.raw(index == 0 ? "\n    {" : ",\n    {")
            write(item, to: &out)
            out.raw("\n    }")
            text += String(decoding: out.bytes, as: UTF8.self)
        }
        return text + (digest.items.isEmpty ? "]\n}\n" : "\n  ]\n}\n")
    }

    private func write(_ item: FeedItem, to out: inout JSONWriter) {
        out.field("id", first: true) { $0.string(OutputFeedIdentity.urn(for: item.id)) }
        if let url = item.urlString { out.field("url") { $0.string(url) } }
        out.field("title") { $0.string(item.title) }
        if let summary = item.summary {
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
