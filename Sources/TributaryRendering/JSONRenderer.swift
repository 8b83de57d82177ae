import Foundation
import Tributary

/// Renders the digest as JSON in Tributary's stable, documented schema:
/// `{"title","generatedAt","sources":[…],"items":[…]}`, times in ISO 8601 UTC,
/// absent values as null, keys sorted.
public struct JSONRenderer: Sendable {
    public init() {}

    public func render(_ digest: Digest) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        var data = try encoder.encode(DigestDocument(digest))
        data.append(0x0A)
        return data
    }
}

/// The JSON document's shape.
private struct DigestDocument: Encodable {
    let digest: Digest

    init(_ digest: Digest) { self.digest = digest }

    enum Keys: String, CodingKey { case title, generatedAt, sources, items }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(digest.title, forKey: .title)
        try container.encode(digest.generatedAt, forKey: .generatedAt)
        try container.encode(digest.sources.map(SourceDocument.init), forKey: .sources)
        try container.encode(digest.items.map(ItemDocument.init), forKey: .items)
    }
}

private struct SourceDocument: Encodable {
    let status: SourceStatus

    enum Keys: String, CodingKey { case id, type, status, message, itemCount }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(status.id, forKey: .id)
        try container.encode(status.type, forKey: .type)
        try container.encode(status.state.rawValue, forKey: .status)
        try container.encode(status.message, forKey: .message)
        try container.encode(status.itemCount, forKey: .itemCount)
    }
}

private struct ItemDocument: Encodable {
    let item: FeedItem

    enum Keys: String, CodingKey { case id, source, type, kind, title, url, author, published, score, summary, thumbnail, image, tags }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(item.id, forKey: .id)
        try container.encode(item.source, forKey: .source)
        try container.encode(item.sourceType, forKey: .type)
        try container.encode(item.kind.rawValue, forKey: .kind)
        try container.encode(item.title, forKey: .title)
        try container.encode(item.url?.absoluteString, forKey: .url)
        try container.encode(item.author, forKey: .author)
        try container.encode(item.published, forKey: .published)
        try container.encode(item.score, forKey: .score)
        try container.encode(item.summary, forKey: .summary)
        try container.encode(item.thumbnail?.absoluteString, forKey: .thumbnail)
        try container.encode(item.image?.absoluteString, forKey: .image)
        try container.encode(item.tags, forKey: .tags)
    }
}
