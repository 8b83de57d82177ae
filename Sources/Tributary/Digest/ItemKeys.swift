/// What an item is known by between runs and across sources: the stable hashes
/// (`StableHash`) of its id and its canonical URL, and where its source is in the digest.
/// The reducer makes them while it reads every item to de-duplicate, and hands them to the
/// state store with the digest (`Digest.itemKeys`): made apart, they would read every
/// item, scattered over the heap, a second time.
///
/// Kept in 24 bytes (the optionals as plain values and flags), not 40 with optional
/// fields: a run of 5,000 feeds holds 250,000 of them. The figures:
/// `docs/design/performance.md`.
public struct ItemKeys: Sendable, Equatable {
    /// `FeedItem.idHash`.
    public let idHash: UInt64
    private let canonicalURLHash: UInt64
    /// The source's position, or -1.
    private let source: Int32
    private let hasURL: Bool

    /// The hash of `CanonicalURL.key(urlString)`; nil for an item without a URL.
    public var urlHash: UInt64? { hasURL ? canonicalURLHash : nil }
    /// The position of the item's source in the digest's `sources`; nil when not among them.
    public var sourcePosition: Int? { source < 0 ? nil : Int(source) }

    /// `sourcePositions`: the position of each source id in the digest's `sources`.
    public init(of item: FeedItem, sourcePositions: [String: Int]) {
        idHash = item.idHash
        let url = item.urlString
        hasURL = url != nil
        canonicalURLHash = url.map { StableHash.value(CanonicalURL.key($0)) } ?? 0
        source = sourcePositions[item.source].map(Int32.init) ?? -1
    }

    /// The position of each source's id among `sources` (the first, should one repeat).
    public static func positions(of sources: [SourceStatus]) -> [String: Int] {
        Dictionary(sources.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// What the reducer de-duplicates by: the canonical URL's hash, else the id's (as the
    /// key it compares is the canonical URL, else the id).
    var deduplication: UInt64 { urlHash ?? idHash }
}
