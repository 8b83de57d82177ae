/// Keeps or drops items by keywords matched case-insensitively against title, summary,
/// author and tags (the fields the report's search box looks in), and by tag (`--tag`).
public struct KeywordFilter: Sendable {
    private let includeTerms: [KeywordTerm]
    private let excludeTerms: [KeywordTerm]
    private let requiredTerms: [KeywordTerm]
    /// Whether a keyword needs the item's text lowercased as Unicode, not only its ASCII.
    private let needsUnicodeCase: Bool

    /// When not empty, an item must match at least one.
    public var include: [String] { includeTerms.map(\.text) }
    /// An item matching any of these is dropped.
    public var exclude: [String] { excludeTerms.map(\.text) }
    /// Every one of these must match (`--grep`).
    var required: [String] { requiredTerms.map(\.text) }
    /// When not empty, an item must carry one of these tags, compared case-insensitively (`--tag`).
    let tags: [String]
    private let foldedTags: Set<String>

    public init(include: [String] = [], exclude: [String] = [], required: [String] = [], tags: [String] = []) {
        self.tags = tags
        foldedTags = Set(tags.map { $0.lowercased() })
        includeTerms = include.map(KeywordTerm.init)
        excludeTerms = exclude.map(KeywordTerm.init)
        requiredTerms = required.map(KeywordTerm.init)
        needsUnicodeCase = (includeTerms + excludeTerms + requiredTerms).contains { !$0.isASCII }
    }

    func matches(_ item: FeedItem) -> Bool {
        if !foldedTags.isEmpty && !item.tags.contains(where: { foldedTags.contains($0.lowercased()) }) { return false }
        if includeTerms.isEmpty && excludeTerms.isEmpty && requiredTerms.isEmpty { return true }
        let text = KeywordTerm.Text(item, unicodeCase: needsUnicodeCase)
        let occurs = { (term: KeywordTerm) in term.occurs(in: text) }
        if excludeTerms.contains(where: occurs) { return false }
        if !requiredTerms.allSatisfy(occurs) { return false }
        return includeTerms.isEmpty || includeTerms.contains(where: occurs)
    }
}
