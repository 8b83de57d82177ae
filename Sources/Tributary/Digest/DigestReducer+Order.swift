extension DigestReducer {
    /// What ordering looks at, copied out of an item so sorting moves small values.
    struct SortKey {
        let published: Double
        /// The score's percentile within its source (`ScorePercentile`), for `sort: score`.
        let score: Double
        let sourceOrder: Int

        init(item: FeedItem, sourceOrder: Int, rank: Double?) {
            published = item.published?.timeIntervalSince1970 ?? -.infinity
            score = rank ?? -.infinity
            self.sourceOrder = sourceOrder
        }
    }

    /// The positions of `keys` in digest order, the first `limit` of them exact: by the
    /// sort's keys, and items that tie by their ids (`ids(position)`). The ids are fetched
    /// only for the items in a tie, a run at a time, not kept beside every key, which
    /// raised a large run's peak (`docs/design/performance.md`).
    func ordered(_ keys: [SortKey], ids: (Int) -> String, limit: Int?) -> [Int] {
        var positions = Array(keys.indices)
        positions.sort { before(keys[$0], keys[$1]) }
        var start = 0
        while start < min(positions.count, limit ?? .max) {
            var end = start + 1
            while end < positions.count && !before(keys[positions[start]], keys[positions[end]]) { end += 1 }
            if end - start > 1 {
                let tied = positions[start..<end].map { (id: ids($0), position: $0) }
                positions.replaceSubrange(start..<end, with: tied.sorted { $0.id < $1.id }.map(\.position))
            }
            start = end
        }
        return positions
    }

    /// Whether `a` comes before `b` by the sort's keys (ties are neither).
    private func before(_ a: SortKey, _ b: SortKey) -> Bool {
        switch sort {
        case .newest:
            return a.published > b.published
        case .score:
            return a.score != b.score ? a.score > b.score : a.published > b.published
        case .source:
            return a.sourceOrder != b.sourceOrder ? a.sourceOrder < b.sourceOrder : a.published > b.published
        }
    }
}
