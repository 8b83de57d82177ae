import Foundation
import Tributary

/// Renders the digest as JSON in Tributary's stable, documented schema:
/// `{"title","generatedAt","sources":[…],"items":[…]}`, times in ISO 8601 UTC,
/// absent values as null, keys sorted, two-space indentation.
///
/// Written by hand rather than with `JSONEncoder`: a digest can hold 100,000 items,
/// and the encoder's boxing cost more than parsing the feed did.
public struct JSONRenderer: Sendable {
    public init() {}

    /// The whole document as one value (for tests and small digests).
    public func render(_ digest: Digest) throws -> Data {
        var data = Data()
        render(digest) { data.append($0) }
        return data
    }

    /// Streams the document to `sink` in pieces of about a megabyte.
    public func render(_ digest: Digest, to sink: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
        var out = JSONWriter(sink: sink)
        out.raw("{\n  \"generatedAt\": ")
        out.date(digest.generatedAt)
        out.raw(",\n  \"items\": [")
        for (index, item) in digest.items.enumerated() {
            out.raw(index == 0 ? "\n    {" : ",\n    {")
            write(item, to: &out)
            out.raw("\n    }")
            out.flush()
        }
        out.raw(digest.items.isEmpty ? "],\n  \"sources\": [" : "\n  ],\n  \"sources\": [")
        for (index, status) in digest.sources.enumerated() {
            out.raw(index == 0 ? "\n    {" : ",\n    {")
            write(status, to: &out)
            out.raw("\n    }")
        }
        out.raw(digest.sources.isEmpty ? "],\n  \"title\": " : "\n  ],\n  \"title\": ")
        out.string(digest.title)
        out.raw("\n}\n")
        out.flush(force: true)
    }

    private func write(_ item: FeedItem, to out: inout JSONWriter) {
        out.field("author", first: true) { $0.string(item.author) }
        out.field("id") { $0.string(item.id) }
        out.field("image") { $0.string(item.image?.absoluteString) }
        out.field("kind") { $0.string(item.kind.rawValue) }
        out.field("published") { $0.date(item.published) }
        out.field("score") { $0.number(item.score) }
        out.field("source") { $0.string(item.source) }
        out.field("summary") { $0.string(item.summary) }
        out.field("tags") { $0.strings(item.tags) }
        out.field("thumbnail") { $0.string(item.thumbnail?.absoluteString) }
        out.field("title") { $0.string(item.title) }
        out.field("type") { $0.string(item.sourceType) }
        out.field("url") { $0.string(item.url?.absoluteString) }
    }

    private func write(_ status: SourceStatus, to out: inout JSONWriter) {
        out.field("id", first: true) { $0.string(status.id) }
        out.field("itemCount") { $0.raw(String(status.itemCount)) }
        out.field("message") { $0.string(status.message) }
        out.field("status") { $0.string(status.state.rawValue) }
        out.field("type") { $0.string(status.type) }
    }
}
