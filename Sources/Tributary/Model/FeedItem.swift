import Foundation

/// What an item is, which decides how renderers lay it out.
public enum ItemKind: String, Sendable, Codable, CaseIterable {
    case photo, question, post, article
}

/// One entry of the digest, in the same shape whatever source it came from.
///
/// A value type kept in one shared box, copied only when a shared item is changed: a
/// digest moves 100,000 items through sanitising, merging, sorting and rendering, and
/// copying every field at each step costs more than the box. URLs are kept as the
/// absolute strings of the URLs they were set from, which take far less memory than
/// Foundation `URL`s. The figures: `docs/design/performance.md`.
///
/// An item a run keeps while it waits for its other sources is packed (`pack()`, see
/// `Packed`): its text in one string, about half the memory.
public struct FeedItem: Sendable, Equatable, Codable {
    /// The loose fields; an empty shared box while the item is packed.
    private var fields: Fields
    /// Set while the item is packed; then it, not `fields`, holds the item.
    private var packed: Packed?

    public init(
        id: String, source: String, sourceType: String, kind: ItemKind, title: String,
        url: URL? = nil, author: String? = nil, published: Date? = nil, score: Double? = nil,
        summary: String? = nil, thumbnail: URL? = nil, image: URL? = nil, tags: [String] = [],
        enclosures: [Enclosure] = []
    ) {
        fields = Fields(
            Values(
                id: id, source: source, sourceType: sourceType, kind: kind, title: title, url: url?.absoluteString,
                author: author,
                published: published, score: score, summary: summary, thumbnail: thumbnail?.absoluteString,
                image: image?.absoluteString, tags: tags, enclosures: enclosures.isEmpty ? nil : enclosures
            ))
    }

    /// `<source id>:<upstream id>`, unique within a digest.
    public var id: String {
        get { if let packed { packed.string(.id) } else { fields.values.id } }
        set { unique().values.id = newValue }
    }
    /// The `id` of the feeds.json entry that produced the item.
    public var source: String {
        get { if let packed { packed.string(.source) } else { fields.values.source } }
        set { unique().values.source = newValue }
    }
    /// The source's `type` (for example `stackoverflow`).
    public var sourceType: String {
        get { if let packed { packed.string(.sourceType) } else { fields.values.sourceType } }
        set { unique().values.sourceType = newValue }
    }
    public var kind: ItemKind {
        get { if let packed { packed.kind } else { fields.values.kind } }
        set { unique().values.kind = newValue }
    }
    public var title: String {
        get { if let packed { packed.string(.title) } else { fields.values.title } }
        set { unique().values.title = newValue }
    }
    /// The item's page. Reading it builds a `URL`; `urlString` does not.
    public var url: URL? {
        get { urlString.flatMap(URL.init(string:)) }
        set { unique().values.url = newValue?.absoluteString }
    }
    public var author: String? {
        get { if let packed { packed.optional(.author) } else { fields.values.author } }
        set { unique().values.author = newValue }
    }
    public var published: Date? {
        get { if let packed { packed.published } else { fields.values.published } }
        set { unique().values.published = newValue }
    }
    public var score: Double? {
        get { if let packed { packed.score } else { fields.values.score } }
        set { unique().values.score = newValue }
    }
    public var summary: String? {
        get { if let packed { packed.optional(.summary) } else { fields.values.summary } }
        set { unique().values.summary = newValue }
    }
    public var thumbnail: URL? {
        get { thumbnailString.flatMap(URL.init(string:)) }
        set { unique().values.thumbnail = newValue?.absoluteString }
    }
    public var image: URL? {
        get { imageString.flatMap(URL.init(string:)) }
        set { unique().values.image = newValue?.absoluteString }
    }
    public var tags: [String] {
        get { if let packed { packed.tags } else { fields.values.tags } }
        set { unique().values.tags = newValue }
    }
    /// The media files attached (a podcast's episode), in the feed's order; empty for most
    /// items, which then keep no array.
    public var enclosures: [Enclosure] {
        get { if let packed { packed.enclosures } else { fields.values.enclosures ?? [] } }
        set { unique().values.enclosures = newValue.isEmpty ? nil : newValue }
    }
    /// `StableHash.value(id)`, read from a packed item's bytes without making the String:
    /// the state store keys items by it, and the digest's memory looks them up by it.
    public var idHash: UInt64 {
        if let packed { packed.idHash } else { StableHash.value(fields.values.id) }
    }
    /// `url`'s absolute string. Set it only to what `URL.absoluteString` would give
    /// (`WebAddress.absoluteString(_:)`), so that `url` reads it back.
    public var urlString: String? {
        get { if let packed { packed.optional(.url) } else { fields.values.url } }
        set { unique().values.url = newValue }
    }
    /// `thumbnail`'s absolute string; set it as `urlString`.
    public var thumbnailString: String? {
        get { if let packed { packed.optional(.thumbnail) } else { fields.values.thumbnail } }
        set { unique().values.thumbnail = newValue }
    }
    /// `image`'s absolute string; set it as `urlString`.
    public var imageString: String? {
        get { if let packed { packed.optional(.image) } else { fields.values.image } }
        set { unique().values.image = newValue }
    }

    /// The thumbnail inlined as a `data:image/…` URI, when a source downloaded it for a
    /// report that embeds images; not part of the JSON output.
    public var thumbnailData: String? {
        get { if let packed { packed.optional(.thumbnailData) } else { fields.values.thumbnailData } }
        set { unique().values.thumbnailData = newValue }
    }

    /// The full article as cleaned HTML, when the entry asks for full text (`fullText`)
    /// and the item's page was fetched and held an article; renderers show it over the summary.
    public var content: String? {
        get { if let packed { packed.optional(.content) } else { fields.values.content } }
        set { unique().values.content = newValue }
    }

    public static func == (lhs: FeedItem, rhs: FeedItem) -> Bool {
        if lhs.packed == nil && rhs.packed == nil && lhs.fields === rhs.fields { return true }
        return lhs.values == rhs.values
    }

    public init(from decoder: any Decoder) throws {
        fields = Fields(try Values(from: decoder))
    }

    public func encode(to encoder: any Encoder) throws {
        try values.encode(to: encoder)
    }

    /// Packs the item for keeping (see `Packed`); an item that does not pack stays as it is.
    mutating func pack() {
        guard packed == nil, let packed = Packed(fields.values) else { return }
        self.packed = packed
        fields = Fields.none
    }

    /// Whether the item is packed.
    var isPacked: Bool { packed != nil }

    private var values: Values { packed?.values ?? fields.values }

    /// The box, copied first when another item shares it; a packed item is unpacked.
    private mutating func unique() -> Fields {
        if let packed {
            fields = Fields(packed.values)
            self.packed = nil
        } else if !isKnownUniquelyReferenced(&fields) {
            fields = Fields(fields.values)
        }
        return fields
    }

    /// The fields themselves, with the encoding and equality the compiler writes.
    struct Values: Equatable, Codable {
        var id: String
        var source: String
        var sourceType: String
        var kind: ItemKind
        var title: String
        var url: String?
        var author: String?
        var published: Date?
        var score: Double?
        var summary: String?
        var thumbnail: String?
        var image: String?
        var tags: [String]
        var thumbnailData: String?
        var content: String?
        /// nil rather than empty, so that encoded items without enclosures (and snapshots
        /// written before there were any) leave the key out.
        var enclosures: [Enclosure]?
    }

    /// The shared box. Mutated only through `unique()`, so only by its one owner.
    private final class Fields: @unchecked Sendable {
        /// What a packed item holds instead of its own box; never changed (`unique()` replaces it).
        static let none = Fields(Values(id: "", source: "", sourceType: "", kind: .article, title: "", tags: []))

        var values: Values

        init(_ values: Values) { self.values = values }
    }
}
