import Foundation

/// What an item is, which decides how renderers lay it out.
public enum ItemKind: String, Sendable, Codable, CaseIterable {
    case photo, question, post, article
}

/// One entry of the digest, in the same shape whatever source it came from.
public struct FeedItem: Sendable, Equatable, Codable {
    /// `<source id>:<upstream id>`, unique within a digest.
    public var id: String
    /// The `id` of the feeds.json entry that produced the item.
    public var source: String
    /// The source's `type` (for example `stackoverflow`).
    public var sourceType: String
    public var kind: ItemKind
    public var title: String
    public var url: URL?
    public var author: String?
    public var published: Date?
    public var score: Double?
    public var summary: String?
    public var thumbnail: URL?
    public var image: URL?
    public var tags: [String]
    /// The thumbnail inlined as a `data:image/…` URI, when a source downloaded it for a
    /// report that embeds images; not part of the JSON output.
    public var thumbnailData: String?

    public init(
        id: String, source: String, sourceType: String, kind: ItemKind, title: String,
        url: URL? = nil, author: String? = nil, published: Date? = nil, score: Double? = nil,
        summary: String? = nil, thumbnail: URL? = nil, image: URL? = nil, tags: [String] = []
    ) {
        self.id = id
        self.source = source
        self.sourceType = sourceType
        self.kind = kind
        self.title = title
        self.url = url
        self.author = author
        self.published = published
        self.score = score
        self.summary = summary
        self.thumbnail = thumbnail
        self.image = image
        self.tags = tags
    }
}
