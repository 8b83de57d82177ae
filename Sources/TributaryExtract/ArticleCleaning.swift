/// Readability's clean-up of the chosen content: asides, footers and sharing widgets
/// dropped; headings with a negative weight and the one repeating the title dropped;
/// forms, tables, lists and divs dropped "conditionally" (`ConditionalCleaning`); empty
/// paragraphs dropped.
struct ArticleCleaning {
    var tree: PageTree
    let container: Int
    let cleanConditionally: Bool
    let weighClasses: Bool

    mutating func run(title: String?) {
        removeAll { tree, index in
            tree[index].name == "aside" || tree[index].name == "footer" || Self.isShareWidget(tree, index)
        }
        let weighClasses = weighClasses
        var titleRemoved = false
        removeAll { tree, index in
            guard tree[index].name == "h1" || tree[index].name == "h2" else { return false }
            if weighClasses && ElementPatterns.classWeight(tree[index]) < 0 { return true }
            guard !titleRemoved, let title, Self.similar(tree.text(under: index), title) else { return false }
            titleRemoved = true
            return true
        }
        if cleanConditionally {
            var rules = ConditionalCleaning(tree: tree, container: container, weighClasses: weighClasses)
            tree = PageTree()  // the rules hold the only reference, so they edit it in place
            rules.run(on: ["form", "fieldset", "table", "ul", "div"])
            tree = rules.tree
        }
        removeAll { tree, index in
            tree[index].name == "p" && !tree.hasText(under: index) && tree.first("img", under: index) == nil
        }
    }

    /// Detaches every element under the container (not inside one detached already) for
    /// which `condition` holds.
    private mutating func removeAll(where condition: (PageTree, Int) -> Bool) {
        for index in elements(where: condition) { tree.detach(index) }
    }

    /// The elements `removeAll` detaches (found before any is, without copying the tree).
    private func elements(where condition: (PageTree, Int) -> Bool) -> [Int] {
        var found: [Int] = []
        tree.walk(from: container) { index in
            if index != container && !tree[index].isText && condition(tree, index) {
                found.append(index)
                return false
            }
            return true
        }
        return found
    }

    /// A "share this" block: `share` or `sharedaddy` as a word of its `class` or `id`, under 500 characters.
    static func isShareWidget(_ tree: PageTree, _ index: Int) -> Bool {
        guard tree[index].attribute("class") != nil || tree[index].attribute("id") != nil else { return false }
        let words = ElementPatterns.classAndID(tree[index]).split { !Character(Unicode.Scalar($0)).isLetter }
        guard words.contains(where: { $0.elementsEqual("share".utf8) || $0.elementsEqual("sharedaddy".utf8) })
        else { return false }
        return tree.text(under: index).count < 500
    }

    /// Whether two texts share most of their words (Readability's text similarity above 0.75).
    static func similar(_ heading: String, _ title: String) -> Bool {
        let words = { (text: String) in text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init) }
        let titleWords = Set(words(title))
        let headingWords = words(heading)
        guard !titleWords.isEmpty, !headingWords.isEmpty else { return false }
        let unmatched = headingWords.filter { !titleWords.contains($0) }
        return 1 - Double(unmatched.joined(separator: " ").count) / Double(headingWords.joined(separator: " ").count)
            > 0.75
    }
}
