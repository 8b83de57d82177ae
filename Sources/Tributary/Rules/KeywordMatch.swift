import Foundation
import TributaryBytes

/// A test no JSON condition writes: whether any of a list of keywords (or, for an entry with
/// `"match": "regex"`, ICU expressions) occurs in an item's title, summary, author and tags,
/// one a line, ignoring case; a keyword is found inside words (`"swift"` finds "swiftly").
struct KeywordMatch: Sendable {
    private let patterns: [Pattern]
    /// Whether a keyword needs the item's text lowercased as Unicode, not only its ASCII.
    let needsUnicodeCase: Bool

    /// Expressions were checked when feeds.json was read; one that does not compile is
    /// looked for as a keyword.
    init(_ texts: [String], regex: Bool = false) {
        patterns = texts.map { text in
            (regex ? Self.compile(text).map { Pattern.expression(RulePattern(expression: $0)) } : nil)
                ?? .keyword(KeywordTerm(text))
        }
        needsUnicodeCase = patterns.contains { $0.needsUnicodeCase }
    }

    func holds(for subject: inout RuleSubject) -> Bool {
        let text = subject.keywordText(unicodeCase: needsUnicodeCase)
        // The text as expressions read it, made once for all of them and only if one is reached.
        var patternText: RulePattern.Text?
        return patterns.contains { pattern in
            switch pattern {
            case .keyword(let term): return term.occurs(in: text)
            case .expression(let expression):
                let read = patternText ?? RulePattern.Text(text.original)
                patternText = read
                return expression.matches(read)
            }
        }
    }

    /// The compiled expression, or nil when `pattern` is not valid ICU syntax.
    static func compile(_ pattern: String) -> NSRegularExpression? {
        try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive])
    }

    private enum Pattern: Sendable {
        case keyword(KeywordTerm)
        case expression(RulePattern)

        var needsUnicodeCase: Bool {
            if case .keyword(let term) = self { !term.isASCII } else { false }
        }
    }
}
