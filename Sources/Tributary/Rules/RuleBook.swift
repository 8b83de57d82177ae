import Foundation

/// Every rule of a configuration: each entry's own, tried before the top-level ones on
/// that entry's items; `include` and `exclude` are rules too (`KeywordRules`), each
/// pair before the rules of its list.
public struct RuleBook: Sendable {
    /// Every rule, each entry's first (in feeds.json order), in the order `rules test` lists them.
    public let all: [Rule]
    /// The rules tried on the items of an entry without rules of its own.
    private let topLevel: [CompiledRule]
    /// Each entry with rules of its own: those, then the top-level ones, as they are tried.
    private let tried: [String: [CompiledRule]]
    /// Every condition, compiled.
    private let program: ConditionProgram
    /// The entries whose items must match a keep rule to stay ("" stands for the others).
    private let keeping: Set<String>
    /// The top-level `include` and `exclude` keywords and whether feeds.json has rules of
    /// its own, as `DigestNarrowing.filters` lists them.
    let descriptions: [String]

    /// A rule and where its condition's root is in `program`.
    private struct CompiledRule: Sendable {
        let rule: Rule
        let root: Int
    }

    /// `filters`: the top-level `include` and `exclude` rules, tried first on every item;
    /// `bySource`: each entry's id, `include` and `exclude` rules and own rules, in feeds.json order;
    /// `descriptions`: by default, "rules" when there are any.
    init(
        filters: [Rule] = [], topLevel: [Rule], bySource: [(id: String, filters: [Rule], rules: [Rule])] = [],
        descriptions: [String]? = nil
    ) {
        all = bySource.flatMap { $0.filters + $0.rules } + filters + topLevel
        self.descriptions = descriptions ?? (all.isEmpty ? [] : ["rules"])
        var program = ConditionProgram()
        func compiled(_ rules: [Rule]) -> [CompiledRule] {
            rules.map { CompiledRule(rule: $0, root: program.add($0.condition)) }
        }
        self.topLevel = compiled(filters + topLevel)
        tried = Dictionary(
            bySource.map { ($0.id, compiled($0.filters + filters + $0.rules + topLevel)) },
            uniquingKeysWith: { first, _ in first })
        self.program = program
        keeping = Set(tried.filter { $0.value.contains(where: \.rule.keeps) }.keys)
            .union(topLevel.contains(where: \.keeps) ? [""] : [])
    }

    /// No rules at all.
    public static let none = RuleBook(topLevel: [])

    public var isEmpty: Bool { all.isEmpty }

    /// What the rules do to `item`, judging its age at `now`. With `namingMatches` false the
    /// verdict leaves `matchedRules` and `matchedRulePaths` empty: a digest needs only what
    /// the rules did, and two arrays for most items are a heap block each.
    public func verdict(for item: FeedItem, now: Date, namingMatches: Bool = true) -> RuleVerdict {
        let source = item.source
        let ownRules = tried[source]
        let rules = ownRules ?? topLevel
        var verdict = RuleVerdict()
        var subject = RuleSubject(item: item, now: now)
        var kept = false
        // By index: a copy of each rule retains its strings and arrays, for every item.
        for index in rules.indices {
            guard program.holds(rules[index].root, for: &subject) else {
                if rules[index].rule.isRequirement {  // an `include` none of whose keywords the item has
                    verdict.droppedBecause = rules[index].rule.name
                    verdict.droppedByPath = rules[index].rule.path
                    break
                }
                continue
            }
            let rule = rules[index].rule
            if namingMatches {
                verdict.matchedRules.append(rule.name)
                verdict.matchedRulePaths.append(rule.path)
            }
            if apply(rule.actions, to: &verdict, kept: &kept, rule: rule) { break }
        }
        if !verdict.isDropped, !kept, keeping.contains(ownRules == nil ? "" : source) {
            verdict.droppedBecause = RuleVerdict.noKeepRuleMatched
        }
        return verdict
    }

    /// Does a matching rule's actions; true when no later rule is to be tried.
    private func apply(_ actions: [RuleAction], to verdict: inout RuleVerdict, kept: inout Bool, rule: Rule) -> Bool {
        var stop = false
        for action in actions {
            switch action {
            case .drop:
                verdict.droppedBecause = rule.name
                verdict.droppedByPath = rule.path
                return true
            case .keep: if !rule.isRequirement { kept = true }
            case .markRead: verdict.markRead = true
            case .star: verdict.star = true
            case .notify: verdict.notify = true
            case .stop: stop = true
            case .tag(let tag): if !verdict.addedTags.contains(tag) { verdict.addedTags.append(tag) }
            }
        }
        return stop
    }
}

extension FeedItem {
    /// The item with the verdict's tags added (those it lacks), as the digest shows it.
    public mutating func addTags(of verdict: RuleVerdict) {
        let extra = verdict.addedTags.filter { !tags.contains($0) }
        if !extra.isEmpty { tags += extra }
    }
}
