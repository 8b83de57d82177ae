/// Narrows a digest from the command line: keywords that must all occur (`--grep`), matched
/// case-insensitively inside words in title, summary, author and tags (the fields the
/// report's search box looks in), and tags of which the item must carry one (`--tag`).
/// feeds.json's `include` and `exclude` are rules (`KeywordRules`).
public struct KeywordFilter: Sendable {
    private let requiredTerms: [KeywordTerm]
    /// Whether a keyword needs the item's text lowercased as Unicode, not only its ASCII.
    private let needsUnicodeCase: Bool

    /// Every one of these must match (`--grep`).
    var required: [String] { requiredTerms.map(\.text) }
    /// When not empty, an item must carry one of these tags, compared case-insensitively (`--tag`).
    let tags: [String]
    private let foldedTags: Set<String>

    public init(required: [String] = [], tags: [String] = []) {
        self.tags = tags
        foldedTags = Set(tags.map { $0.lowercased() })
        requiredTerms = required.map(KeywordTerm.init)
        needsUnicodeCase = requiredTerms.contains { !$0.isASCII }
    }

    func matches(_ item: FeedItem) -> Bool {
        if !foldedTags.isEmpty && !item.tags.contains(where: { foldedTags.contains($0.lowercased()) }) { return false }
        if requiredTerms.isEmpty { return true }
        let text = KeywordTerm.Text(item, unicodeCase: needsUnicodeCase)
        return requiredTerms.allSatisfy { $0.occurs(in: text) }
    }
}
