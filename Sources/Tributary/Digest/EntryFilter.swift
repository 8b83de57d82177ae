import Foundation

/// One entry's own `include` and `exclude`, matched against an item's title, summary, author
/// and tags: as case-insensitive keywords (`KeywordTerm`, as the top level's) or, with
/// `"match": "regex"`, as case-insensitive ICU regular expressions.
struct EntryFilter: Sendable {
    private let include: [Pattern]
    private let exclude: [Pattern]
    /// Whether a keyword needs the item's text lowercased as Unicode, not only its ASCII.
    private let needsUnicodeCase: Bool

    /// Nil when the entry filters nothing. Patterns were checked when feeds.json was read.
    init?(_ options: EntryOptions) {
        guard !options.include.isEmpty || !options.exclude.isEmpty else { return nil }
        let regex = options.match == .regex
        let pattern = { (text: String) in
            (regex ? EntryFilter.compile(text).map(Pattern.expression) : nil) ?? .keyword(KeywordTerm(text))
        }
        include = options.include.map(pattern)
        exclude = options.exclude.map(pattern)
        needsUnicodeCase = (include + exclude).contains { $0.needsUnicodeCase }
    }

    func keeps(_ item: FeedItem) -> Bool {
        let text = KeywordTerm.Text(item, unicodeCase: needsUnicodeCase)
        if exclude.contains(where: { $0.matches(text) }) { return false }
        return include.isEmpty || include.contains { $0.matches(text) }
    }

    /// The compiled expression, or nil when `pattern` is not valid ICU syntax.
    static func compile(_ pattern: String) -> NSRegularExpression? {
        try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive])
    }

    private enum Pattern: @unchecked Sendable {  // NSRegularExpression is immutable and thread-safe
        case keyword(KeywordTerm)
        case expression(NSRegularExpression)

        var needsUnicodeCase: Bool {
            if case .keyword(let term) = self { !term.isASCII } else { false }
        }

        func matches(_ text: KeywordTerm.Text) -> Bool {
            switch self {
            case .keyword(let term): term.occurs(in: text)
            case .expression(let expression):
                expression.firstMatch(in: text.original, range: NSRange(text.original.startIndex..., in: text.original))
                    != nil
            }
        }
    }
}
