/// Scores made comparable across sources: each item's percentile rank among the scored
/// items of its own source (0 to 100, ties sharing the midpoint of their places), so that
/// a 500px rating of 99.9 and a Stack Overflow vote count of 14 are each judged against
/// their peers. Items without a score have none.
public enum ScorePercentile {
    /// The percentile of each element of `items`, in order; nil where `score` is nil.
    public static func ranks<Item>(
        of items: [Item], source: (Item) -> String, score: (Item) -> Double?
    ) -> [Double?] {
        var scoresBySource: [String: [Double]] = [:]
        for item in items {
            if let value = score(item) { scoresBySource[source(item), default: []].append(value) }
        }
        let sorted = scoresBySource.mapValues { $0.sorted() }
        return items.map { item in
            guard let value = score(item), let peers = sorted[source(item)] else { return nil }
            return rank(of: value, amongSorted: peers)
        }
    }

    /// The percentile of `value` among `peers` (sorted ascending, `value` among them):
    /// the share below it plus half the share equal to it; a lone item ranks 100.
    static func rank(of value: Double, amongSorted peers: [Double]) -> Double {
        guard peers.count > 1 else { return 100 }
        let below = leadingCount(of: peers, passing: { $0 < value })
        let equal = leadingCount(of: peers, passing: { $0 <= value }) - below
        return (Double(below) + Double(equal - 1) / 2) / Double(peers.count - 1) * 100
    }

    /// How many of `sorted`'s first elements pass `test`, which holds for a prefix of them; by bisection.
    private static func leadingCount(of sorted: [Double], passing test: (Double) -> Bool) -> Int {
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if test(sorted[middle]) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
