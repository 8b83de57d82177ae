/// The content chosen, cleaned and written.
struct ArticleContent {
    var text: String
    var html: String
    var byline: String?
    /// The share of the text inside links.
    var linkDensity: Double

    init(text: String, html: String, byline: String? = nil, linkDensity: Double) {
        self.text = text
        self.html = html
        self.byline = byline
        self.linkDensity = linkDensity
    }

    /// The cleaned `container` of `tree` written as text and as HTML.
    init(_ tree: PageTree, container: Int, byline: String?, addresses: ArticleAddresses) {
        var text = ArticleTextWriter(tree: tree)
        text.write(container)
        text.finish()
        var html = ArticleHTMLWriter(tree: tree, addresses: addresses)
        for child in tree[container].children { html.write(child) }
        let density = TextMeasure(tree, under: container).linkDensity(container)
        self.init(text: text.text, html: html.html, byline: byline, linkDensity: density)
    }
}

/// Readability's retries: a first attempt with every rule on; when it yields fewer than
/// 500 characters, again without dropping unlikely candidates, then without class
/// weights, then without conditional cleaning; the first long enough wins, else the longest.
struct ContentAttempts {
    let tree: PageTree
    let title: String?

    static let enoughText = 500
    static let rules: [(stripUnlikely: Bool, weighClasses: Bool, cleanConditionally: Bool)] = [
        (true, true, true), (false, true, true), (false, false, true), (false, false, false),
    ]

    /// Whether `text` has `enoughText` characters, without counting all of a long one.
    static func isLongEnough(_ text: String) -> Bool {
        !text.dropFirst(enoughText - 1).isEmpty
    }

    func best(addresses: ArticleAddresses) -> ArticleContent? {
        var longest: ArticleContent?
        for rule in Self.rules {
            guard let content = attempt(rule, addresses: addresses) else { continue }
            if Self.isLongEnough(content.text) { return content }
            if content.text.count > longest?.text.count ?? -1 { longest = content }
        }
        return longest
    }

    private func attempt(
        _ rule: (stripUnlikely: Bool, weighClasses: Bool, cleanConditionally: Bool), addresses: ArticleAddresses
    ) -> ArticleContent? {
        let body = tree.first("body") ?? PageTree.root
        var preparation = PagePreparation(tree: tree, stripUnlikely: rule.stripUnlikely)
        preparation.run(from: body)
        let byline = preparation.byline
        let chosen = Self.choose(preparation.scored, in: preparation.tree, body: body, weighClasses: rule.weighClasses)
        // Each step takes the tree over (`consume`), so the page is copied once per
        // attempt, not once per step.
        var prepared = (consume preparation).tree
        let container = prepared.adopt(chosen == [body] ? prepared[body].children : chosen)
        var cleaning = ArticleCleaning(
            tree: consume prepared, container: container, cleanConditionally: rule.cleanConditionally,
            weighClasses: rule.weighClasses)
        cleaning.run(title: title)
        return ArticleContent(cleaning.tree, container: container, byline: byline, addresses: addresses)
    }

    /// The top-level nodes of the article among the scored paragraphs' ancestors, inside
    /// the page's one `<article>` when it has one that holds most of the text.
    private static func choose(_ scored: [Int], in tree: PageTree, body: Int, weighClasses: Bool) -> [Int] {
        let scope = ArticleScope.single(in: tree, body: body) ?? body
        var selection = CandidateSelection(
            tree: tree, measure: TextMeasure(tree, under: body), weighClasses: weighClasses)
        return selection.select(scoring: scored, body: scope) ?? [scope]
    }
}
