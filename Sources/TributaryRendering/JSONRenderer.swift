import Foundation
import Tributary

/// Renders the digest as JSON in Tributary's stable, documented schema:
/// `{"title","generatedAt","sources":[…],"items":[…]}`, times in ISO 8601 UTC,
/// absent values as null, keys sorted, two-space indentation. With a state store each
/// item also has `firstSeen`, `new` and `read`, and an archived one `entryID` and `starred`.
public struct JSONRenderer: Sendable {
    public init() {}

    /// The whole document as one value (for tests and small digests).
    public func render(_ digest: Digest) throws -> Data {
        var data = Data()
        render(digest) { data.append(contentsOf: $0) }
        return data
    }

    /// Streams the document to `sink` in pieces (see `JSONWriter.elements`).
    public func render(_ digest: Digest, to sink: ByteSink) {
        var head = JSONWriter(capacity: 256)
        head.raw("{\n  \"generatedAt\": ")
        head.date(digest.generatedAt)
        head.raw(digest.items.isEmpty ? ",\n  \"items\": [" : ",\n  \"items\": [\n")
        sink(head.bytes)
        JSONWriter.elements(digest.items, to: sink) { index, item, out in
            write(item, remembered: digest.remembered(at: index), entry: digest.archiveEntry(at: index), to: &out)
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
        sink(tail.bytes)
    }

    /// One item as the document's `items` write it, on one line (JSON Lines): what
    /// `watch --format json` writes piped.
    public func line(for item: FeedItem, remembered: ItemMemory?, entry: ArchiveEntry? = nil) -> String {
        var out = JSONWriter(capacity: 1024)
        out.raw("{")
        write(item, remembered: remembered, entry: entry, to: &out)
        out.raw("\n}")
        return Self.oneLine(out.bytes)
    }

    /// The document's layout folded onto one line: every newline is layout (strings
    /// escape theirs), so each, with the indent after it, becomes a space, or nothing
    /// just inside braces.
    static func oneLine(_ bytes: [UInt8]) -> String {
        var line: [UInt8] = []
        line.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "\n") else {
                line.append(bytes[index])
                index += 1
                continue
            }
            while index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: " ") { index += 1 }
            index += 1
            let closes = index < bytes.count && bytes[index] == UInt8(ascii: "}")
            if !closes, line.last != UInt8(ascii: "{") { line.append(UInt8(ascii: " ")) }
        }
        return String(decoding: line, as: UTF8.self)
    }

    private func write(_ item: FeedItem, remembered: ItemMemory?, entry: ArchiveEntry?, to out: inout JSONWriter) {
        out.field("author", first: true) { $0.string(item.author) }
        if let content = item.content { out.field("content") { $0.string(content) } }
        out.field("enclosures") { $0.enclosures(item.enclosures) }
        if let entry { out.field("entryID") { $0.integer(Int64(entry.id)) } }
        if let remembered { out.field("firstSeen") { $0.date(remembered.firstSeen) } }
        out.field("id") { $0.string(item.id) }
        out.field("image") { $0.string(item.imageString) }
        out.field("kind") { $0.string(item.kind.rawValue) }
        if let remembered { out.field("new") { $0.raw(remembered.isNew ? "true" : "false") } }
        out.field("published") { $0.date(item.published) }
        if let remembered { out.field("read") { $0.raw(remembered.isRead ? "true" : "false") } }
        out.field("score") { $0.number(item.score) }
        out.field("source") { $0.string(item.source) }
        if let entry { out.field("starred") { $0.raw(entry.isStarred ? "true" : "false") } }
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

extension Renderer {
    /// Tributary's JSON schema (`JSONRenderer`); one object per line for `watch`.
    public static let json = Renderer(
        name: "json", mediaType: "application/json", fileExtension: "json",
        document: { digest, _, sink in JSONRenderer().render(digest, to: sink) },
        item: { item, remembered, _ in JSONRenderer().line(for: item, remembered: remembered) }
    )
}
