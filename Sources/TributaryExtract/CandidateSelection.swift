/// Readability's scoring: each paragraph of 25 characters or more scores 1, plus one per
/// comma-separated part, plus one per 100 characters (at most 3), and passes its score to
/// five ancestors (the parent in full, the grandparent half, each further one a third of
/// its level); each ancestor starts from its element's and its `class`/`id`'s weight.
/// Scores are scaled by (1 - link density); the best candidate, moved up where its
/// ancestors hold more, is joined by the siblings that score well or read as prose.
struct CandidateSelection {
    let tree: PageTree
    let measure: TextMeasure
    let weighClasses: Bool
    private(set) var score: [Int: Double] = [:]
    private var candidates: [Int] = []

    static let topCount = 5

    init(tree: PageTree, measure: TextMeasure, weighClasses: Bool) {
        self.tree = tree
        self.measure = measure
        self.weighClasses = weighClasses
    }

    /// The article's top-level nodes, in document order, chosen among the candidates
    /// inside `body` (the page's, or its one `<article>`); nil when none scored.
    mutating func select(scoring paragraphs: [Int], body: Int) -> [Int]? {
        for paragraph in paragraphs where tree[paragraph].parent >= 0 { add(paragraph) }
        for candidate in candidates { score[candidate, default: 0] *= 1 - measure.linkDensity(candidate) }
        let inside = candidates.filter { $0 == body || ancestors($0).contains(body) }
        let top = inside.sorted { score[$0, default: 0] > score[$1, default: 0] }.prefix(Self.topCount)
        guard var best = top.first, best != body else { return nil }
        best = sharedAncestor(of: Array(top), best: best, body: body) ?? best
        best = climb(from: best, body: body)
        return siblings(of: best)
    }

    private mutating func add(_ paragraph: Int) {
        let length = measure.length[paragraph]
        guard length >= 25 else { return }
        let points = 1 + Double(measure.commas[paragraph] + 1) + Double(min(length / 100, 3))
        var ancestor = tree[paragraph].parent
        var level = 0
        while ancestor > 0, tree[ancestor].parent > 0, level < 5 {
            if score[ancestor] == nil {
                score[ancestor] = initialScore(tree[ancestor])
                candidates.append(ancestor)
            }
            let divider = level == 0 ? 1.0 : level == 1 ? 2.0 : Double(level * 3)
            score[ancestor, default: 0] += points / divider
            ancestor = tree[ancestor].parent
            level += 1
        }
    }

    private func initialScore(_ node: PageTree.Node) -> Double {
        let byElement: Double =
            switch node.name {
            case "div": 5
            case "pre", "td", "blockquote": 3
            case "address", "ol", "ul", "dl", "dd", "dt", "li", "form": -3
            case "h1", "h2", "h3", "h4", "h5", "h6", "th": -5
            default: 0
            }
        return byElement + (weighClasses ? ElementPatterns.classWeight(node) : 0)
    }

    /// The ancestor of `best` that holds three of the other top candidates scoring at
    /// least 75% of it, if any.
    private func sharedAncestor(of top: [Int], best: Int, body: Int) -> Int? {
        let bestScore = score[best, default: 0]
        let close = top.dropFirst().filter { score[$0, default: 0] / bestScore >= 0.75 }.map(ancestors)
        guard close.count >= 3 else { return nil }
        var parent = tree[best].parent
        while parent > 0 && parent != body {
            if close.filter({ $0.contains(parent) }).count >= 3 { return parent }
            parent = tree[parent].parent
        }
        return nil
    }

    private func ancestors(_ index: Int) -> Set<Int> {
        var result: Set<Int> = []
        var current = tree[index].parent
        while current > 0 {
            result.insert(current)
            current = tree[current].parent
        }
        return result
    }

    /// Moves up while a scored parent scores more (stopping where scores fall below a
    /// third), then past parents that hold nothing else.
    private func climb(from start: Int, body: Int) -> Int {
        var best = start
        var lastScore = score[best, default: 0]
        let threshold = lastScore / 3
        var parent = tree[best].parent
        while parent > 0 && parent != body {
            if let parentScore = score[parent] {
                if parentScore < threshold { break }
                if parentScore > lastScore {
                    best = parent
                    break
                }
                lastScore = parentScore
            }
            parent = tree[parent].parent
        }
        parent = tree[best].parent
        while parent > 0 && parent != body && tree[parent].children.filter({ !tree[$0].isText }).count == 1 {
            best = parent
            parent = tree[best].parent
        }
        return best
    }

    /// The best node and those of its siblings that belong with it: a score of at least
    /// a fifth of its own (with a bonus for the same `class`), or paragraphs of prose.
    private func siblings(of best: Int) -> [Int] {
        let bestScore = score[best, default: 0]
        let threshold = max(10, bestScore * 0.2)
        let bestClass = tree[best].attribute("class") ?? ""
        let parent = tree[best].parent
        return tree[parent].children.filter { sibling in
            if sibling == best { return true }
            let node = tree[sibling]
            guard !node.isText else { return false }
            let bonus = !bestClass.isEmpty && node.attribute("class") == bestClass ? bestScore * 0.2 : 0
            if let siblingScore = score[sibling], siblingScore + bonus >= threshold { return true }
            guard node.name == "p" else { return false }
            let length = measure.length[sibling]
            let density = measure.linkDensity(sibling)
            if length > 80 { return density < 0.25 }
            return length > 0 && density == 0 && Self.endsSentence(tree.text(under: sibling))
        }
    }

    static func endsSentence(_ text: String) -> Bool {
        text.hasSuffix(".") || text.contains(". ")
    }
}
