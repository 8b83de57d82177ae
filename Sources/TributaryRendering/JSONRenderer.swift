import Foundation
import Tributary

/// Renders the digest as JSON in Tributary's stable, documented schema:
/// `{"title","generatedAt","sources":[…],"items":[…]}`, times in ISO 8601 UTC,
/// absent values as null, keys sorted, two-space indentation. With a state store each
/// item also has `firstSeen`, `new` and `read`.
public struct JSONRenderer: Sendable {
    public init() {}

    /// The whole document as one value (for tests and small digests).
    public func render(_ digest: Digest) throws -> Data {
        var data = Data()
        render(digest) { data.append($0) }
        return data
    }

    /// Streams the document to `sink` in pieces (see `JSONWriter.elements`).
    public func render(_ digest: Digest, to sink: (UnsafeBufferPointer<UInt8>) -> Void) {
        var head = JSONWriter(capacity: 256)
        head.raw("{\n  \"generatedAt\": ")
        head.date(digest.generatedAt)
        head.raw(digest.items.isEmpty ? ",\n  \"items\": [" : ",\n  \"items\": [\n")
        head.withBytes(sink)
        JSONWriter.elements(digest.items, to: sink) { index, item, out in
            write(item, remembered: digest.remembered(at: index), to: &out)
        }
        var tail = JSONWriter(capacity: 4096)
        tail.raw(digest.items.isEmpty ? "],\n  \"sources\": [" : "\n  ],\n  \"sources\": [")
        for (index, status) in digest.sources.enumerated() {
            tail.raw(index == 0 ? "\n    {" : ",\n    {")
            write(status, to: &tail)
            tail.raw("\n    }")
        }
        tail.raw(digest.sources.isEmpty ? "],\n  \"title\": " : "\n  ],\n  \"title\": ")
        tail.string(digest.title)
        tail.raw("\n}\n")
        tail.withBytes(sink)
    }

    private func write(_ item: FeedItem, remembered: ItemMemory?, to out: inout JSONWriter) {
        out.field("author", first: true) { $0.string(item.author) }
        if let remembered { out.field("firstSeen") { $0.date(remembered.firstSeen) } }
        out.field("id") { $0.string(item.id) }
        out.field("image") { $0.string(item.imageString) }
        out.field("kind") { $0.string(item.kind.rawValue) }
        if let remembered { out.field("new") { $0.raw(remembered.isNew ? "true" : "false") } }
        out.field("published") { $0.date(item.published) }
        if let remembered { out.field("read") { $0.raw(remembered.isRead ? "true" : "false") } }
        out.field("score") { $0.number(item.score) }
        out.field("source") { $0.string(item.source) }
        out.field("summary") { $0.string(item.summary) }
        out.field("tags") { $0.strings(item.tags) }
        out.field("thumbnail") { $0.string(item.thumbnailString) }
        out.field("title") { $0.string(item.title) }
        out.field("type") { $0.string(item.sourceType) }
        out.field("url") { $0.string(item.urlString) }
    }

    private func write(_ status: SourceStatus, to out: inout JSONWriter) {
        out.field("id", first: true) { $0.string(status.id) }
        out.field("itemCount") { $0.number(Double(status.itemCount)) }
        out.field("message") { $0.string(status.message) }
        out.field("status") { $0.string(status.state.rawValue) }
        out.field("type") { $0.string(status.type) }
    }
}
