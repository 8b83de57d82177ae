import Foundation

/// Reduces the latest snapshot of every source into one digest: de-duplicated across
/// sources by canonical URL, filtered by keywords, sorted and limited. Pure.
public struct DigestReducer: Sendable {
    public var title: String
    public var sort: DigestSort
    /// nil: no limit.
    public var limit: Int?
    public var filter: KeywordFilter

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
        let merged = deduplicated(states.flatMap(\.items)).filter(filter.matches)
        let sorted = merged.sorted { before($0, $1, sourceOrder: order) }
        let limited = limit.map { Array(sorted.prefix($0)) } ?? sorted
        return Digest(title: title, generatedAt: generatedAt, sources: states.map(\.status), items: limited)
    }

    /// Keeps the first item for each canonical URL (or id, for items without one),
    /// adding the tags of the duplicates it absorbs.
    func deduplicated(_ items: [FeedItem]) -> [FeedItem] {
        var indexByKey: [String: Int] = [:]
        var result: [FeedItem] = []
        result.reserveCapacity(items.count)
        for item in items {
            let key = item.url.map(CanonicalURL.key(for:)) ?? item.id
            if let index = indexByKey[key] {
                let extra = item.tags.filter { !result[index].tags.contains($0) }
                result[index].tags += extra
            } else {
                indexByKey[key] = result.count
                result.append(item)
            }
        }
        return result
    }

    private func before(_ a: FeedItem, _ b: FeedItem, sourceOrder: [String: Int]) -> Bool {
        switch sort {
        case .newest:
            return newer(a, b)
        case .score:
            if a.score != b.score { return (a.score ?? -.infinity) > (b.score ?? -.infinity) }
            return newer(a, b)
        case .source:
            let (left, right) = (sourceOrder[a.source] ?? 0, sourceOrder[b.source] ?? 0)
            return left != right ? left < right : newer(a, b)
        }
    }

    private func newer(_ a: FeedItem, _ b: FeedItem) -> Bool {
        if a.published != b.published { return (a.published ?? .distantPast) > (b.published ?? .distantPast) }
        return a.id < b.id
    }
}
