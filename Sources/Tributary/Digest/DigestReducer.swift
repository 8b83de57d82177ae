import Foundation

/// Reduces the latest snapshot of every source into one digest: de-duplicated across
/// sources by canonical URL, filtered by keywords, sorted and limited. Pure.
public struct DigestReducer: Sendable {
    public var title: String
    public var sort: DigestSort
    /// nil: no limit.
    public var limit: Int?
    var filter: KeywordFilter

    public init(title: String, sort: DigestSort, limit: Int?, filter: KeywordFilter) {
        self.title = title
        self.sort = sort
        self.limit = limit
        self.filter = filter
    }

    public init(config: FeedsConfig, grep: [String] = []) {
        self.init(
            title: config.title, sort: config.sort, limit: config.limit,
            filter: KeywordFilter(include: config.include, exclude: config.exclude, required: grep)
        )
    }

    public func reduce(_ states: [SourceState], generatedAt: Date) -> Digest {
        let sources = states.map(\.status)
        // One source's items are used as they are; several are joined once.
        let items = states.count == 1 ? states[0].items : states.flatMap(\.items)
        var merged = deduplicated(items, sourcePositions: ItemKeys.positions(of: sources))
        let fetched = merged.count
        merged.removeAll { !filter.matches($0.item) }
        // Items are large values: sort their positions, then gather them once.
        let ranks =
            sort == .score ? ScorePercentile.ranks(of: merged, source: \.item.source, score: \.item.score) : []
        let sortKeys = ParallelWork.map(Array(merged.indices)) { index in
            let (item, keys) = merged[index]
            return SortKey(item: item, sourceOrder: keys.sourcePosition ?? 0, rank: ranks.isEmpty ? nil : ranks[index])
        }
        var positions = ordered(sortKeys, ids: { merged[$0].item.id }, limit: limit)
        if let limit, positions.count > limit { positions.removeLast(positions.count - limit) }
        var digest = Digest(
            title: title, generatedAt: generatedAt, sources: sources, items: positions.map { merged[$0].item })
        digest.itemKeys = positions.map { merged[$0].keys }
        digest.narrowing = DigestNarrowing(filters: filter.descriptions, removed: fetched - merged.count)
        return digest
    }

    /// Keeps the first item for each canonical URL (or id, for items without one), adding
    /// the tags of the duplicates it absorbs; each with its keys, made here on every core.
    func deduplicated(
        _ items: [FeedItem], sourcePositions: [String: Int]
    ) -> [(item: FeedItem, keys: ItemKeys)] {
        let keys = ParallelWork.map(items) { ItemKeys(of: $0, sourcePositions: sourcePositions) }
        let firsts = FirstOccurrences.of(hashes: keys.map(\.deduplication)) {
            Self.key(items[$0]) == Self.key(items[$1])
        }
        var result: [(item: FeedItem, keys: ItemKeys)] = []
        result.reserveCapacity(items.count)
        var resultIndex = [Int](repeating: 0, count: items.count)  // where each first went
        for position in items.indices {
            let first = firsts[position]
            if first == position {
                resultIndex[position] = result.count
                result.append((items[position], keys[position]))
            } else {
                let index = resultIndex[first]
                let extra = items[position].tags.filter { !result[index].item.tags.contains($0) }
                if !extra.isEmpty { result[index].item.tags += extra }
            }
        }
        return result
    }

    /// What makes two items the same page: the canonical URL, else the id.
    private static func key(_ item: FeedItem) -> String {
        item.urlString.map(CanonicalURL.key) ?? item.id
    }
}
