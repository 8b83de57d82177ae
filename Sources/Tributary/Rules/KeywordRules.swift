import Foundation

/// The rules that feeds.json's `include` and `exclude` stand for (see docs/rules.md):
/// `exclude` is a rule that drops the items any of its keywords finds, `include` a keep
/// rule of its own: an item none of its keywords finds is dropped, whatever other keep
/// rules say. Both match as they always have, inside words (`KeywordMatch`).
enum KeywordRules {
    /// The rules of one `include` and `exclude` pair, the exclude's first; `prefix` is where
    /// the pair is (`""` at the top level, `sources[3].` for an entry).
    static func rules(
        include: [String], exclude: [String], match: EntryOptions.Match = .keywords, prefix: String = ""
    ) -> [Rule] {
        var rules: [Rule] = []
        if !exclude.isEmpty {
            let path = prefix + "exclude"
            rules.append(
                Rule(
                    name: path, path: path, condition: .keywords(KeywordMatch(exclude, regex: match == .regex)),
                    actions: [.drop]))
        }
        if !include.isEmpty {
            let path = prefix + "include"
            rules.append(
                Rule(
                    name: path, path: path, condition: .keywords(KeywordMatch(include, regex: match == .regex)),
                    actions: [.keep], isRequirement: true))
        }
        return rules
    }

    /// The rules of an entry's own `include`, `exclude` and `match`, at `path` (`sources[3]`).
    static func rules(of options: EntryOptions, at path: String) -> [Rule] {
        rules(include: options.include, exclude: options.exclude, match: options.match, prefix: path + ".")
    }
}

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
        return patterns.contains { $0.matches(text) }
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

        func matches(_ text: KeywordTerm.Text) -> Bool {
            switch self {
            case .keyword(let term): term.occurs(in: text)
            case .expression(let pattern): pattern.matches(text.original)
            }
        }
    }
}
