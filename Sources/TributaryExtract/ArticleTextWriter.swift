import Tributary

/// The article as plain text: one paragraph per block element (and per line a `<br>`
/// ends), list items marked "- ", each paragraph cleaned for a terminal (no control
/// characters, whitespace collapsed), paragraphs separated by a blank line.
struct ArticleTextWriter {
    let tree: PageTree
    private(set) var paragraphs: [String] = []
    private var current = ""

    static let blocks: Set<String> = [
        "p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "li", "blockquote", "pre", "tr", "table", "ul", "ol", "dl",
        "dt", "dd", "figure", "figcaption", "section", "article", "main", "header", "hr", "br", "caption",
    ]

    init(tree: PageTree) { self.tree = tree }

    var text: String { paragraphs.joined(separator: "\n\n") }

    mutating func write(_ index: Int) {
        let node = tree[index]
        if node.isText {
            current += node.text
            return
        }
        guard !HTMLAllowlist.dropped.contains(node.name) else { return }
        let isBlock = Self.blocks.contains(node.name)
        if isBlock { endParagraph() }
        if node.name == "li" { current = "- " }
        if node.name == "td" || node.name == "th" { current += " " }
        for child in node.children { write(child) }
        if isBlock { endParagraph() }
    }

    mutating func finish() { endParagraph() }

    private mutating func endParagraph() {
        let line = TextCleanup.singleLine(current)
        if !line.isEmpty && line != "-" { paragraphs.append(line) }
        current = ""
    }
}
