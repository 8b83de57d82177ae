import Foundation
import Tributary

/// Finds the main article of an HTML page, in the manner of Mozilla Readability (see
/// this module's README): a source calls it on a fetched page's body and its address.
public struct ArticleExtractor: Sendable {
    /// The default cap on a page's size.
    public static let defaultMaxPageSize = 32 * 1_048_576
    /// Elements nested deeper than this are flattened into their ancestor at this depth.
    public static let maxDepth = 256

    /// Content with more of its text in links than this is navigation, not an article.
    public static let maxLinkDensity = 0.5

    /// Pages larger than this many bytes are refused before they are parsed.
    public var maxPageSize: Int

    public init(maxPageSize: Int = ArticleExtractor.defaultMaxPageSize) {
        self.maxPageSize = maxPageSize
    }

    /// The article in `page`; `url` is the page's address, against which (or its
    /// `<base href>`) links and images are made absolute. With a `selector` the article is
    /// what it selects (cleaned as the heuristic's choice is), not what the heuristic finds.
    public func extract(from page: Data, url: URL?, selector: ElementSelector? = nil) throws(ExtractionError)
        -> Article
    {
        guard page.count <= maxPageSize else { throw .tooLarge(size: page.count, limit: maxPageSize) }
        let isUTF8 = String(validating: page, as: UTF8.self) != nil
        guard let reading = LibXMLPageReader.read(page, utf8: isUTF8, maxDepth: Self.maxDepth) else {
            throw .unreadable
        }
        let tree = reading.tree
        let metadata = PageMetadata(tree: tree)
        let structured = metadata.articleBody.map(Self.paragraphs) ?? []
        let addresses = ArticleAddresses(pageURL: url, tree: tree)
        if let selector {
            guard let content = Self.selected(selector, in: tree, title: metadata.title, addresses: addresses),
                !content.text.isEmpty
            else { throw .selectorMatchedNothing(selector.description) }
            return Article(
                title: metadata.title, byline: metadata.byline ?? content.byline, published: metadata.published,
                text: content.text, html: content.html)
        }
        var content = ContentAttempts(tree: tree, title: metadata.title).best(addresses: addresses)
        if content.map({ $0.linkDensity > Self.maxLinkDensity }) == true { content = nil }
        if !structured.isEmpty, structured.joined().count > 2 * (content?.text.count ?? 0) {
            content = ArticleContent(
                text: structured.joined(separator: "\n\n"),
                html: structured.map { "<p>\(ArticleHTMLWriter.escaped($0))</p>" }.joined(), linkDensity: 0)
        }
        guard let content, !content.text.isEmpty else { throw reading.cutAtDepth ? .tooDeep : .noArticle }
        return Article(
            title: metadata.title, byline: metadata.byline ?? content.byline, published: metadata.published,
            text: content.text, html: content.html)
    }

    /// What `selector` selects under the body, prepared (no scripts, hidden elements or
    /// byline) and cleaned without the heuristic's conditional rules; nil when it selects nothing.
    static func selected(
        _ selector: ElementSelector, in tree: PageTree, title: String?, addresses: ArticleAddresses
    ) -> ArticleContent? {
        var tree = tree
        let matches = tree.elements(matching: selector, under: tree.first("body") ?? PageTree.root)
        guard !matches.isEmpty else { return nil }
        let container = tree.adopt(matches)
        var preparation = PagePreparation(tree: consume tree, stripUnlikely: false)
        preparation.run(from: container)
        let byline = preparation.byline
        var cleaning = ArticleCleaning(
            tree: (consume preparation).tree, container: container, cleanConditionally: false, weighClasses: false)
        cleaning.run(title: title)
        return ArticleContent(cleaning.tree, container: container, byline: byline, addresses: addresses)
    }

    /// JSON-LD `articleBody` split into paragraphs at its line breaks, each cleaned.
    static func paragraphs(_ body: String) -> [String] {
        body.split(whereSeparator: \.isNewline).map { PageTree.collapsingWhitespace(String($0)) }.filter {
            !$0.isEmpty
        }
    }
}
