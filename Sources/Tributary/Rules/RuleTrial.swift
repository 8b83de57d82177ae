import Foundation

/// The rules tried on a run's items without acting on them, for `rules test`: what each
/// rule matched, which rule dropped what, and what no rule touched. Items are named by
/// their position in `items`, so an item that several rules matched is held once.
public struct RuleTrial: Sendable {
    /// One rule and the items it matched, in digest order.
    public struct Outcome: Sendable {
        public let rule: Rule
        /// The positions of the items it matched.
        public var matched: [Int] = []
        /// The positions of the matched items this rule dropped.
        public var dropped: Set<Int> = []
        /// The positions of the items a requirement (an `include`) did not match, which it dropped.
        public var missed: [Int] = []
    }

    /// The items tried, in digest order.
    public let items: [FeedItem]
    public private(set) var outcomes: [Outcome]
    /// The positions of the items dropped because keep rules exist and none matched them.
    public private(set) var droppedForNoKeep: [Int] = []
    /// The positions of the items no rule matched and none dropped.
    public private(set) var untouched: [Int] = []

    public init(book: RuleBook, items: [FeedItem], now: Date) {
        self.items = items
        outcomes = book.all.map { Outcome(rule: $0) }
        let positions = Dictionary(
            outcomes.indices.map { (outcomes[$0].rule.path, $0) }, uniquingKeysWith: { a, _ in a })
        let verdicts = ParallelWork.map(items) { book.verdict(for: $0, now: now) }  // on every core, as a digest
        for (item, verdict) in verdicts.enumerated() {
            for path in verdict.matchedRulePaths {
                guard let position = positions[path] else { continue }
                outcomes[position].matched.append(item)
                if verdict.droppedByPath == path { outcomes[position].dropped.insert(item) }
            }
            if let path = verdict.droppedByPath, !verdict.matchedRulePaths.contains(path),
                let position = positions[path]
            {
                outcomes[position].missed.append(item)
            }
            if verdict.droppedBecause == RuleVerdict.noKeepRuleMatched {
                droppedForNoKeep.append(item)
            } else if verdict.isUntouched {
                untouched.append(item)
            }
        }
    }
}
