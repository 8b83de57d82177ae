/// A rule book's conditions compiled into tables of plain values, tried by position.
///
/// Walking the parsed `RuleCondition` tree copied each node's arrays out of it for every
/// item, and each copy retained them: about a third of a rules digest's rule time went to
/// retaining and releasing. Here a node is a plain value naming its children, phrases,
/// values and expressions by their place in the program's tables.
struct ConditionProgram: Sendable {
    private enum Node: Sendable {
        /// Children by their place in `children`.
        case all(Range<Int>)
        case any(Range<Int>)
        case not(Int)
        /// Phrases by their place in `folded`.
        case contains(RuleField, Range<Int>)
        /// Values by their place in `folded`.
        case `is`(RuleField, Range<Int>)
        /// Values by their place in `exact`.
        case isExactly(RuleField, Range<Int>)
        /// An expression by its place in `patterns`.
        case matches(RuleField, Int)
        case above(RuleField, Double)
        case below(RuleField, Double)
        /// A keyword match by its place in `keywordMatches`.
        case keywords(Int)
    }

    private var nodes: [Node] = []
    private var children: [Int] = []
    private var folded: [FoldedWords] = []
    private var exact: [String] = []
    private var patterns: [RulePattern] = []
    private var keywordMatches: [KeywordMatch] = []

    /// Adds `condition` and returns the place of its root, for `holds`.
    mutating func add(_ condition: RuleCondition) -> Int {
        let node: Node
        switch condition {
        case .all(let parts): node = .all(add(children: parts))
        case .any(let parts): node = .any(add(children: parts))
        case .not(let part): node = .not(add(part))
        case .keywords(let match):
            keywordMatches.append(match)
            node = .keywords(keywordMatches.count - 1)
        case .test(let test): node = add(test)
        }
        nodes.append(node)
        return nodes.count - 1
    }

    private mutating func add(children parts: [RuleCondition]) -> Range<Int> {
        let roots = parts.map { add($0) }
        children += roots
        return (children.count - roots.count)..<children.count
    }

    private mutating func add(_ test: FieldTest) -> Node {
        let field = test.field
        switch test.test {
        case .contains(let phrases): return .contains(field, Self.append(phrases, to: &folded))
        case .is(let values): return .is(field, Self.append(values, to: &folded))
        case .isExactly(let values): return .isExactly(field, Self.append(values, to: &exact))
        case .matches(let pattern):
            patterns.append(pattern)
            return .matches(field, patterns.count - 1)
        case .above(let bound): return .above(field, bound)
        case .below(let bound): return .below(field, bound)
        }
    }

    private static func append<Element>(_ elements: [Element], to table: inout [Element]) -> Range<Int> {
        table += elements
        return (table.count - elements.count)..<table.count
    }

    /// Whether the condition whose root is at `node` holds for the subject's item.
    func holds(_ node: Int, for subject: inout RuleSubject) -> Bool {
        switch nodes[node] {
        case .all(let range): return range.allSatisfy { holds(children[$0], for: &subject) }
        case .any(let range): return range.contains { holds(children[$0], for: &subject) }
        case .not(let part): return !holds(part, for: &subject)
        case .keywords(let match): return keywordMatches[match].holds(for: &subject)
        case .contains(let field, let phrases):
            let texts = subject.folded(field)
            return texts.indices.contains { texts[$0].containsAny(of: folded, in: phrases) }
        case .is(let field, let values):
            let texts = subject.folded(field)
            return texts.indices.contains { text in values.contains { folded[$0].padded == texts[text].padded } }
        case .isExactly(let field, let values):
            return subject.texts(field).contains { text in values.contains { exact[$0] == text } }
        case .matches(let field, let pattern):
            return subject.patternTexts(field).contains { patterns[pattern].matches($0) }
        case .above(let field, let bound): return subject.number(field).map { $0 > bound } ?? false
        case .below(let field, let bound): return subject.number(field).map { $0 < bound } ?? false
        }
    }
}
