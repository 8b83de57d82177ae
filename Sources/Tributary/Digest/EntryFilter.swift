import Foundation

/// One entry's own `include` and `exclude`, matched against an item's title, summary
/// and tags: as case-insensitive keywords (like the top level's) or, with
/// `"match": "regex"`, as case-insensitive ICU regular expressions.
struct EntryFilter: Sendable {
    private let include: [Pattern]
    private let exclude: [Pattern]

    /// Nil when the entry filters nothing. Patterns were checked when feeds.json was read.
    init?(_ options: EntryOptions) {
        guard !options.include.isEmpty || !options.exclude.isEmpty else { return nil }
        let pattern = { (text: String) in Pattern(text, regex: options.match == .regex) }
        include = options.include.map(pattern)
        exclude = options.exclude.map(pattern)
    }

    func keeps(_ item: FeedItem) -> Bool {
        let text = ([item.title, item.summary ?? ""] + item.tags).joined(separator: "\n")
        let lowered = text.lowercased()
        if exclude.contains(where: { $0.matches(text, lowered: lowered) }) { return false }
        return include.isEmpty || include.contains { $0.matches(text, lowered: lowered) }
    }

    /// The compiled expression, or nil when `pattern` is not valid ICU syntax.
    static func compile(_ pattern: String) -> NSRegularExpression? {
        try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive])
    }

    private struct Pattern: @unchecked Sendable {  // NSRegularExpression is immutable and thread-safe
        let keyword: String
        let expression: NSRegularExpression?

        init(_ text: String, regex: Bool) {
            keyword = text.lowercased()
            expression = regex ? EntryFilter.compile(text) : nil
        }

        /// Whether the pattern matches `text` (`lowered` is the same text, lower-cased, for keywords).
        func matches(_ text: String, lowered: String) -> Bool {
            guard let expression else { return lowered.contains(keyword) }
            return expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        }
    }
}
