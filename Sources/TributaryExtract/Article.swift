/// A page's main article, as `ArticleExtractor` finds it.
public struct Article: Sendable, Equatable {
    /// From JSON-LD `headline`, `og:title`/`twitter:title`, or `<title>` less the site's name.
    public var title: String?
    /// The author(s): JSON-LD `author`, `<meta name="author">`, or the page's byline element.
    public var byline: String?
    /// The date as the page gives it (JSON-LD `datePublished`, `article:published_time`), unparsed.
    public var published: String?
    /// The content as plain text, paragraphs separated by a blank line, cleaned for a terminal.
    public var text: String
    /// The content as cleaned HTML (`HTMLAllowlist`), addresses absolute.
    public var html: String

    /// The text's length in characters.
    public var length: Int { text.count }

    public init(title: String?, byline: String?, published: String?, text: String, html: String) {
        self.title = title
        self.byline = byline
        self.published = published
        self.text = text
        self.html = html
    }
}

/// Why a page gave no article.
public enum ExtractionError: Error, Equatable, Sendable {
    /// The page is larger than the extractor reads.
    case tooLarge(size: Int, limit: Int)
    /// libxml2 stopped reading where elements nest 256 deep, and no article came before.
    case tooDeep
    /// libxml2 found no document in the bytes.
    case unreadable
    /// The page holds no article: no text, or text mostly in links (an index, a link list).
    case noArticle
    /// The entry's `selector` selects nothing on the page.
    case selectorMatchedNothing(String)

    /// One line saying what happened, for a user.
    public var message: String {
        switch self {
        case .tooLarge(let size, let limit):
            "the page is \(size / 1_048_576) MB; the extractor reads at most \(limit / 1_048_576) MB"
        case .tooDeep:
            "the page nests elements more than 256 deep, where the HTML parser stops, and holds no article before that"
        case .unreadable: "the page could not be read as HTML"
        case .noArticle: "the page holds no article (no text outside links and navigation)"
        case .selectorMatchedNothing(let selector): "the selector \"\(selector)\" selects no text on the page"
        }
    }
}
