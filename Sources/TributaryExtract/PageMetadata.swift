import Foundation

/// A page's title, byline and date, from its JSON-LD first, then its `<meta>` tags
/// (Open Graph, Twitter, Dublin Core, `author`), then its `<title>`.
struct PageMetadata {
    var title: String?
    var byline: String?
    var published: String?
    /// JSON-LD `articleBody`: the article as plain text, when the page gives it.
    var articleBody: String?

    static let titleKeys = ["og:title", "twitter:title", "dc.title", "dcterms.title", "title"]
    static let bylineKeys = ["author", "article:author", "dc.creator", "dcterms.creator", "byl", "parsely-author"]
    static let publishedKeys = [
        "article:published_time", "datepublished", "dc.date", "dcterms.date", "date", "pubdate", "og:published_time",
        "parsely-pub-date",
    ]

    init(tree: PageTree) {
        let meta = Self.metaValues(in: tree)
        let jsonLD = JSONLDArticle.find(in: tree)
        title = jsonLD?.headline ?? Self.titleKeys.lazy.compactMap { meta[$0] }.first ?? Self.documentTitle(tree)
        byline =
            jsonLD?.author
            ?? Self.bylineKeys.lazy.compactMap { meta[$0] }.first {
                !$0.hasPrefix("http://") && !$0.hasPrefix("https://")
            }
        published = jsonLD?.datePublished ?? Self.publishedKeys.lazy.compactMap { meta[$0] }.first
        articleBody = jsonLD?.articleBody
    }

    /// `<meta property|name|itemprop=… content=…>` by lower-cased key; the first of each wins.
    static func metaValues(in tree: PageTree) -> [String: String] {
        var values: [String: String] = [:]
        for index in tree.all("meta") {
            let node = tree[index]
            guard let content = node.attribute("content").map(PageTree.collapsingWhitespace), !content.isEmpty
            else { continue }
            for key in [node.attribute("property"), node.attribute("name"), node.attribute("itemprop")] {
                guard let key else { continue }
                for word in key.lowercased().split(separator: " ") where values[String(word)] == nil {
                    values[String(word)] = content
                }
            }
        }
        return values
    }

    static let titleSeparators: [Character] = ["|", "-", "–", "—", "\\", "/", ">", "»"]

    /// `<title>` without the site's name: the part before the last " | " (or another
    /// separator), unless that leaves fewer than three words; then the part after the first.
    static func documentTitle(_ tree: PageTree) -> String? {
        guard let index = tree.first("title") else { return nil }
        let full = tree.text(under: index)
        let words = full.split(separator: " ", omittingEmptySubsequences: false)
        let separators = words.indices.filter { words[$0].count == 1 && titleSeparators.contains(words[$0].first!) }
        guard let last = separators.last, let first = separators.first else { return full.isEmpty ? nil : full }
        let before = words[..<last].joined(separator: " ")
        if words[..<last].count >= 3 { return before }
        return words[(first + 1)...].joined(separator: " ")
    }
}
