/// Readability's first pass over the page's body, on the tree in place: drops what is
/// never content (scripts, styles, forms' controls, hidden elements), takes the byline
/// out, drops unlikely candidates (by `class`, `id` and `role`) when `stripUnlikely` is
/// set, drops empty blocks, and turns each `div` that holds only phrasing content into a
/// paragraph (runs of phrasing content in other `div`s are wrapped in one). Returns the
/// elements to score, in document order.
struct PagePreparation {
    var tree: PageTree
    var stripUnlikely: Bool
    private(set) var byline: String?
    private(set) var scored: [Int] = []

    init(tree: PageTree, stripUnlikely: Bool) {
        self.tree = tree
        self.stripUnlikely = stripUnlikely
    }

    mutating func run(from body: Int) {
        var pending = [body]
        while let index = pending.popLast() {
            guard tree[index].parent >= 0 || index == body, !tree[index].isText else { continue }
            guard keep(index) else {
                tree.detach(index)
                continue
            }
            var current = index
            if tree[index].name == "div" { current = reshapeDiv(index) }
            if ElementPatterns.scored.contains(tree[current].name) { scored.append(current) }
            pending.append(contentsOf: tree[current].children.reversed())
        }
    }

    /// Whether the element stays; records the byline it drops.
    private mutating func keep(_ index: Int) -> Bool {
        let node = tree[index]
        if ElementPatterns.neverContent.contains(node.name) || Self.isHidden(node) { return false }
        let match = ElementPatterns.classAndID(node)
        if byline == nil, isByline(node, match: match) {
            let text = tree.text(under: index)
            if !text.isEmpty && text.count < 100 {
                byline = text
                return false
            }
        }
        if stripUnlikely && node.name != "body" && node.name != "a" && node.name != "article" {
            if ElementPatterns.unlikely.matches(match)
                && !ElementPatterns.maybeCandidate.matches(match)
                && !tree.hasAncestor(index, named: "table") && !tree.hasAncestor(index, named: "code")
            {
                return false
            }
            if let role = node.attribute("role"), ElementPatterns.unlikelyRoles.contains(role) { return false }
        }
        if Self.droppedWhenEmpty.contains(node.name) {
            return hasContent(index)
        }
        return true
    }

    static let droppedWhenEmpty: Set<String> = ElementPatterns.headings.union(["div", "section", "header"])
    static let phrasingWhenTheirContentIs: Set<String> = ["a", "del", "ins"]

    private func isByline(_ node: PageTree.Node, match: [UInt8]) -> Bool {
        node.attribute("rel") == "author" || node.attribute("itemprop")?.contains("author") == true
            || ElementPatterns.byline.matches(match)
    }

    static func isHidden(_ node: PageTree.Node) -> Bool {
        if node.attribute("hidden") != nil || node.attribute("aria-hidden") == "true" { return true }
        guard let style = node.attribute("style")?.lowercased().filter({ $0 != " " }) else { return false }
        return style.contains("display:none") || style.contains("visibility:hidden")
    }

    /// Whether anything under the element is text or an image.
    private func hasContent(_ index: Int) -> Bool {
        tree.hasText(under: index) || tree.first("img", under: index) != nil
            || tree.first("picture", under: index) != nil
    }

    /// Wraps the div's phrasing runs in paragraphs; then a div holding one paragraph
    /// becomes that paragraph, and one holding no block becomes a `p`. Returns the node
    /// that now stands where the div stood.
    private mutating func reshapeDiv(_ div: Int) -> Int {
        if !hasBlock(under: div) {
            tree[div].name = "p"
            return div
        }
        wrapPhrasingRuns(in: div)
        let elements = tree[div].children.filter { !tree[$0].isText }
        let onlyText = tree[div].children.allSatisfy { !tree[$0].isText || Self.isBlank(tree[$0].text) }
        if elements.count == 1, tree[elements[0]].name == "p", onlyText, linkDensity(of: elements[0]) < 0.25 {
            let paragraph = elements[0]
            let parent = tree[div].parent
            if let position = tree[parent].children.firstIndex(of: div) {
                tree[parent].children[position] = paragraph
                tree[paragraph].parent = parent
                tree[div].parent = -1
                return paragraph
            }
        }
        return div
    }

    private func hasBlock(under index: Int) -> Bool {
        var found = false
        tree.walk(from: index) { child in
            if child != index && ElementPatterns.blocks.contains(tree[child].name) { found = true }
            return !found
        }
        return found
    }

    private mutating func wrapPhrasingRuns(in div: Int) {
        var rebuilt: [Int] = []
        var run: [Int] = []
        func flush() {
            while let first = run.first, isWhitespace(first) { run.removeFirst() }
            while let last = run.last, isWhitespace(last) { run.removeLast() }
            guard !run.isEmpty else { return }
            let paragraph = tree.nodes.count
            tree.nodes.append(PageTree.Node(name: "p", attributes: [], text: "", parent: div, children: run))
            for child in run { tree[child].parent = paragraph }
            rebuilt.append(paragraph)
            run = []
        }
        for child in tree[div].children {
            if isPhrasing(child) {
                run.append(child)
            } else {
                flush()
                rebuilt.append(child)
            }
        }
        flush()
        tree[div].children = rebuilt
    }

    private func isWhitespace(_ index: Int) -> Bool {
        tree[index].isText ? Self.isBlank(tree[index].text) : tree[index].name == "br"
    }

    static func isBlank(_ text: String) -> Bool { text.allSatisfy(\.isWhitespace) }

    private func isPhrasing(_ index: Int) -> Bool {
        let node = tree[index]
        if node.isText || ElementPatterns.phrasing.contains(node.name) { return true }
        return Self.phrasingWhenTheirContentIs.contains(node.name) && node.children.allSatisfy(isPhrasing)
    }

    private func linkDensity(of index: Int) -> Double {
        let total = tree.text(under: index).count
        guard total > 0 else { return 0 }
        let linked = tree.all("a", under: index).reduce(0) { $0 + tree.text(under: $1).count }
        return Double(linked) / Double(total)
    }
}
