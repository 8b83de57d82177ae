import Foundation

/// The merged result of a run: what renderers draw.
public struct Digest: Sendable {
    public var title: String
    public var generatedAt: Date
    /// Every source's status, in feeds.json order.
    public var sources: [SourceStatus]
    /// The merged items: de-duplicated, filtered, sorted and limited.
    public var items: [FeedItem] {
        didSet { itemKeys = nil }
    }
    /// Each of `items`' keys, in their order, as the reducer made them; nil once `items`
    /// has changed (the state store then makes them again).
    public internal(set) var itemKeys: [ItemKeys]?
    /// What the state store remembers of the items (new, first seen, read); nil without a store.
    public var memory: DigestMemory?
    /// The filters that removed items, and how many.
    public var narrowing = DigestNarrowing()
    /// What the rules marked (read, starred, to notify) among `items`, by item id.
    public var ruleMarks: [String: RuleMarks] = [:]

    public init(title: String, generatedAt: Date, sources: [SourceStatus], items: [FeedItem]) {
        self.title = title
        self.generatedAt = generatedAt
        self.sources = sources
        self.items = items
    }
}
