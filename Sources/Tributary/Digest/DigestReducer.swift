import Foundation

/// Reduces the latest snapshot of every source into one digest: de-duplicated across
/// sources by canonical URL, narrowed by `--grep` and `--tag`, judged by the rules (feeds.json's
/// `include` and `exclude` among them), sorted and limited. Pure.
public struct DigestReducer: Sendable {
    public var title: String
    public var sort: DigestSort
    /// nil: no limit.
    public var limit: Int?
    var filter: KeywordFilter
    /// feeds.json's rules, tried on every item after de-duplication (see `RuleBook`).
    public var rules = RuleBook.none

    public init(title: String, sort: DigestSort, limit: Int?, filter: KeywordFilter) {
        self.title = title
        self.sort = sort
        self.limit = limit
        self.filter = filter
    }

    /// `config`'s reducer, narrowed further by `--grep` texts and `--tag` tags.
    public init(config: FeedsConfig, grep: [String] = [], tags: [String] = []) {
        self.init(
            title: config.title, sort: config.sort, limit: config.limit,
            filter: KeywordFilter(required: grep, tags: tags)
        )
        rules = RuleBook(config)
    }

    public func reduce(_ states: [SourceState], generatedAt: Date) -> Digest {
        let sources = states.map(\.status)
        // One source's items are used as they are; several are joined once.
        let all = states.count == 1 ? states[0].items : states.flatMap(\.items)
        var (items, keys) = deduplicated(all, sourcePositions: ItemKeys.positions(of: sources))
        let fetched = items.count
        keepMatching(&items, &keys)
        var marks = applyRules(&items, &keys, now: generatedAt)
        // Items are large values: sort their positions, then gather them once.
        let ranks = sort == .score ? ScorePercentile.ranks(of: items, source: \.source, score: \.score) : []
        let sortKeys = ParallelWork.map(Array(items.indices)) { index in
            SortKey(
                item: items[index], sourceOrder: keys[index].sourcePosition ?? 0,
                rank: ranks.isEmpty ? nil : ranks[index])
        }
        var positions = ordered(sortKeys, ids: { items[$0].id }, limit: limit)
        if let limit, positions.count > limit { positions.removeLast(positions.count - limit) }
        let kept = items.count
        var digest = Digest(
            title: title, generatedAt: generatedAt, sources: sources, items: positions.map { items[$0] })
        items = []  // gone before the keys are gathered: 250,000 items' arrays are megabytes each
        digest.itemKeys = positions.map { keys[$0] }
        digest.narrowing = DigestNarrowing(
            filters: filter.descriptions + rules.descriptions, removed: fetched - kept)
        if digest.items.count < kept {  // the limit left some out: their marks go too
            let shown = Set(digest.items.map(\.id))
            marks = marks.filter { shown.contains($0.key) }
        }
        digest.ruleMarks = marks
        return digest
    }

    /// Keeps the first item for each canonical URL (or id, for items without one), adding
    /// the tags of the duplicates it absorbs; with each one's keys, made here on every core.
    func deduplicated(
        _ items: [FeedItem], sourcePositions: [String: Int]
    ) -> (items: [FeedItem], keys: [ItemKeys]) {
        var keys = ParallelWork.map(items) { ItemKeys(of: $0, sourcePositions: sourcePositions) }
        let firsts = FirstOccurrences.of(
            count: items.count, hash: { keys[$0].deduplication },
            sameKey: { Self.key(items[$0]) == Self.key(items[$1]) })
        var result: [FeedItem] = []
        result.reserveCapacity(items.count)
        var resultIndex = [Int](repeating: 0, count: items.count)  // where each first went
        for position in items.indices {
            let first = firsts[position]
            if first == position {
                resultIndex[position] = result.count
                keys[result.count] = keys[position]  // the firsts' keys, moved forward in place
                result.append(items[position])
            } else {
                let index = resultIndex[first]
                let extra = items[position].tags.filter { !result[index].tags.contains($0) }
                if !extra.isEmpty { result[index].tags += extra }
            }
        }
        keys.removeLast(keys.count - result.count)
        return (result, keys)
    }

    /// Keeps the items that `--grep` and `--tag` match, with their keys, in order and in place.
    private func keepMatching(_ items: inout [FeedItem], _ keys: inout [ItemKeys]) {
        var kept = 0
        for index in items.indices where filter.matches(items[index]) {
            items.swapAt(kept, index)
            keys.swapAt(kept, index)
            kept += 1
        }
        items.removeLast(items.count - kept)
        keys.removeLast(keys.count - kept)
    }

    /// Tries the rules on every item (on every core): drops those they drop, in place, adds
    /// their tags, and returns the marks (read, star, notify) of the items that stay, by id.
    private func applyRules(_ items: inout [FeedItem], _ keys: inout [ItemKeys], now: Date) -> [String: RuleMarks] {
        guard !rules.isEmpty else { return [:] }
        let ruled = ParallelWork.map(items) { item in
            let verdict = rules.verdict(for: item, now: now, namingMatches: false)
            var tagged: FeedItem?
            if !verdict.isDropped, !verdict.addedTags.isEmpty {
                tagged = item
                tagged?.addTags(of: verdict)  // which unpacks a packed item: here, on every core
            }
            return RuledItem(isDropped: verdict.isDropped, marks: verdict.marks, tagged: tagged)
        }
        var marks: [String: RuleMarks] = [:]
        // Grown as it filled, it took 4% of a digest whose every item a rule marked.
        marks.reserveCapacity(ruled.count(where: { $0.marks != nil }))
        var kept = 0
        for index in items.indices where !ruled[index].isDropped {
            items.swapAt(kept, index)
            keys.swapAt(kept, index)
            if let tagged = ruled[index].tagged { items[kept] = tagged }
            if let marked = ruled[index].marks { marks[items[kept].id] = marked }
            kept += 1
        }
        items.removeLast(items.count - kept)
        keys.removeLast(keys.count - kept)
        return marks
    }

    /// What the rules did to one item.
    private struct RuledItem {
        let isDropped: Bool
        let marks: RuleMarks?
        /// The item with the tags the rules added; nil when they added none.
        let tagged: FeedItem?
    }

    /// What makes two items the same page: the canonical URL, else the id.
    private static func key(_ item: FeedItem) -> String {
        item.urlString.map(CanonicalURL.key) ?? item.id
    }
}
