import Foundation

/// What a page's schema.org JSON-LD says of its article (https://schema.org/Article):
/// the first `<script type="application/ld+json">` object of an Article type (or a
/// subtype), looked for in arrays and `@graph` too.
struct JSONLDArticle {
    var headline: String?
    var author: String?
    var datePublished: String?
    var articleBody: String?

    /// Article and the schema.org types derived from it that pages use for posts.
    static let articleTypes: Set<String> = [
        "Article", "AdvertiserContentArticle", "NewsArticle", "AnalysisNewsArticle", "AskPublicNewsArticle",
        "BackgroundNewsArticle", "OpinionNewsArticle", "ReportageNewsArticle", "ReviewNewsArticle", "Report",
        "SatiricalArticle", "ScholarlyArticle", "MedicalScholarlyArticle", "SocialMediaPosting", "BlogPosting",
        "LiveBlogPosting", "DiscussionForumPosting", "TechArticle", "APIReference",
    ]

    /// The article described in the page's JSON-LD; nil when there is none.
    static func find(in tree: PageTree) -> JSONLDArticle? {
        for script in tree.all("script") where tree[script].attribute("type")?.lowercased() == "application/ld+json" {
            let source = tree[script].children.map { tree[$0].text }.joined()
            guard let json = try? JSONSerialization.jsonObject(with: Data(source.utf8), options: [.fragmentsAllowed]),
                let object = firstArticle(in: json)
            else { continue }
            return JSONLDArticle(
                headline: string(object["headline"]) ?? string(object["name"]), author: names(object["author"]),
                datePublished: string(object["datePublished"]), articleBody: object["articleBody"] as? String)
        }
        return nil
    }

    private static func firstArticle(in json: Any) -> [String: Any]? {
        if let list = json as? [Any] { return list.lazy.compactMap(firstArticle).first }
        guard let object = json as? [String: Any] else { return nil }
        let types = (object["@type"] as? [Any] ?? [object["@type"] as Any]).compactMap { $0 as? String }
        if types.contains(where: articleTypes.contains) { return object }
        return object["@graph"].flatMap(firstArticle)
    }

    private static func string(_ value: Any?) -> String? {
        guard let text = value as? String else { return nil }
        let trimmed = PageTree.collapsingWhitespace(text)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// An author given as a name, a Person or Organization object, or a list of either.
    private static func names(_ value: Any?) -> String? {
        if let list = value as? [Any] {
            let all = list.compactMap(names)
            return all.isEmpty ? nil : all.joined(separator: ", ")
        }
        if let object = value as? [String: Any] { return string(object["name"]) }
        return string(value)
    }
}
