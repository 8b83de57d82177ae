/// What an item is known by between runs and across sources: the stable hashes
/// (`StableHash`) of its id and its canonical URL, and where its source is in the digest.
/// The reducer makes them while it reads every item to de-duplicate, and hands them to the
/// state store with the digest (`Digest.itemKeys`): made apart, they read 100,000 items
/// scattered over the heap a second time (about 50 ms of a run).
public struct ItemKeys: Sendable, Equatable {
    /// `FeedItem.idHash`.
    public var idHash: UInt64
    /// The hash of `CanonicalURL.key(urlString)`; nil for an item without a URL.
    public var urlHash: UInt64?
    /// The position of the item's source in the digest's `sources`; nil when not among them.
    public var sourcePosition: Int?

    /// `sourcePositions`: the position of each source id in the digest's `sources`.
    public init(of item: FeedItem, sourcePositions: [String: Int]) {
        idHash = item.idHash
        urlHash = item.urlString.map { StableHash.value(CanonicalURL.key($0)) }
        sourcePosition = sourcePositions[item.source]
    }

    /// The position of each source's id among `sources` (the first, should one repeat).
    public static func positions(of sources: [SourceStatus]) -> [String: Int] {
        Dictionary(sources.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// What the reducer de-duplicates by: the canonical URL's hash, else the id's (as the
    /// key it compares is the canonical URL, else the id).
    var deduplication: UInt64 { urlHash ?? idHash }
}
