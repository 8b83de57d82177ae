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
        let order = Dictionary(states.enumerated().map { ($1.status.id, $0) }, uniquingKeysWith: { first, _ in first })
        // One source's items are used as they are; several are joined once.
        var merged = deduplicated(states.count == 1 ? states[0].items : states.flatMap(\.items))
        let fetched = merged.count
        merged.removeAll { !filter.matches($0) }
        // Items are large values: sort their positions, then gather them once.
        let ranks = sort == .score ? ScorePercentile.ranks(of: merged, source: \.source, score: \.score) : []
        let keys = ParallelWork.map(Array(merged.indices)) { index in
            let item = merged[index]
            return SortKey(item: item, sourceOrder: order[item.source] ?? 0, rank: ranks.isEmpty ? nil : ranks[index])
        }
        var positions = ordered(keys, ids: { merged[$0].id }, limit: limit)
        if let limit, positions.count > limit { positions.removeLast(positions.count - limit) }
        var digest = Digest(
            title: title, generatedAt: generatedAt, sources: states.map(\.status), items: positions.map { merged[$0] })
        digest.narrowing = DigestNarrowing(filters: filter.descriptions, removed: fetched - merged.count)
        return digest
    }

    /// Keeps the first item for each canonical URL (or id, for items without one),
    /// adding the tags of the duplicates it absorbs.
    func deduplicated(_ items: [FeedItem]) -> [FeedItem] {
        let hashes = ParallelWork.map(items) { Self.key($0).hashValue }
        let firsts = FirstOccurrences.of(hashes: hashes) { Self.key(items[$0]) == Self.key(items[$1]) }
        var result: [FeedItem] = []
        result.reserveCapacity(items.count)
        var resultIndex = [Int](repeating: 0, count: items.count)  // where each first went
        for position in items.indices {
            let first = firsts[position]
            if first == position {
                resultIndex[position] = result.count
                result.append(items[position])
            } else {
                let index = resultIndex[first]
                let extra = items[position].tags.filter { !result[index].tags.contains($0) }
                if !extra.isEmpty { result[index].tags += extra }
            }
        }
        return result
    }

    /// What makes two items the same page: the canonical URL, else the id.
    private static func key(_ item: FeedItem) -> String {
        item.urlString.map(CanonicalURL.key) ?? item.id
    }
}
