import Foundation

/// A snapshot's bytes: a JSON array of items in `FeedItem`'s `Codable` form, written with
/// `JSONWriter` (`JSONEncoder` was many times slower for a large source: see
/// docs/design/performance.md). A large
/// snapshot is kept as several such arrays, `chunkSize` items each, so it is never held
/// whole in memory as bytes.
public enum SnapshotCoding {
    /// How many items one encoded piece holds.
    static let chunkSize = 4096

    /// `items` as one JSON array.
    public static func encode(_ items: ArraySlice<FeedItem>) -> Data {
        var data = Data("[\n".utf8)
        JSONWriter.elements(
            Array(items), to: { data.append(contentsOf: $0) }, { _, item, out in write(item, to: &out) })
        data.append(contentsOf: "\n]\n".utf8)
        return data
    }

    /// `items` as JSON arrays of at most `chunkSize` items, handed to `body` in order.
    public static func encodeChunks(_ items: [FeedItem], _ body: (_ index: Int, Data) throws -> Void) rethrows {
        for (index, start) in stride(from: 0, to: max(items.count, 1), by: chunkSize).enumerated() {
            try body(index, encode(items[start..<min(items.count, start + chunkSize)]))
        }
    }

    /// The items of one JSON array; nil when `data` is not one.
    public static func decode(_ data: Data) -> [FeedItem]? {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try? decoder.decode([FeedItem].self, from: data)
    }

    /// One item with the keys and values `FeedItem`'s `Codable` conformance reads.
    private static func write(_ item: FeedItem, to out: inout JSONWriter) {
        out.field("id", first: true) { $0.string(item.id) }
        out.field("source") { $0.string(item.source) }
        out.field("sourceType") { $0.string(item.sourceType) }
        out.field("kind") { $0.string(item.kind.rawValue) }
        out.field("title") { $0.string(item.title) }
        out.field("url") { $0.string(item.urlString) }
        out.field("author") { $0.string(item.author) }
        out.field("published") { $0.date(item.published) }
        out.field("score") { $0.number(item.score) }
        out.field("summary") { $0.string(item.summary) }
        out.field("thumbnail") { $0.string(item.thumbnailString) }
        out.field("image") { $0.string(item.imageString) }
        out.field("tags") { $0.strings(item.tags) }
        out.field("thumbnailData") { $0.string(item.thumbnailData) }
        out.field("content") { $0.string(item.content) }
        let enclosures = item.enclosures
        if !enclosures.isEmpty { out.field("enclosures") { $0.enclosures(enclosures) } }
    }
}
