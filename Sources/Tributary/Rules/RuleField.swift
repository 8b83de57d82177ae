import Foundation

/// The fields a rule's condition may test.
enum RuleField: String, CaseIterable, Sendable {
    case title, summary, content, url, author, tags, source, kind, score, age, language

    /// Score and age are numbers, tested with `above` and `below`; the rest are text.
    var isNumeric: Bool { self == .score || self == .age }

    /// The field's place in `allCases`.
    var index: Int { Self.ordered.firstIndex(of: self)! }
    private static let ordered = allCases
}

/// One item as the conditions see it: its fields read once and folded once, on first use.
struct RuleSubject {
    let item: FeedItem
    let now: Date
    /// Each field's folded values once made, by the field's place in `RuleField.allCases`.
    private var foldedCache = [[FoldedWords]?](repeating: nil, count: RuleField.allCases.count)
    private var keywordCache: KeywordTerm.Text?

    init(item: FeedItem, now: Date) {
        self.item = item
        self.now = now
    }

    /// The field's text values: one for most fields, one per tag, none when the item has no value.
    func texts(_ field: RuleField) -> [String] {
        switch field {
        case .title: [item.title]
        case .summary: item.summary.map { [$0] } ?? []
        case .content: (item.content.map(TextCleanup.plainText(fromHTML:)) ?? item.summary).map { [$0] } ?? []
        case .url: item.urlString.map { [$0] } ?? []
        case .author: item.author.map { [$0] } ?? []
        case .tags: item.tags
        case .source: [item.source]
        case .kind: [item.kind.rawValue]
        case .score, .age, .language: []
        }
    }

    /// The field's values folded for `contains` and `is`, made on first use.
    mutating func folded(_ field: RuleField) -> [FoldedWords] {
        if let cached = foldedCache[field.index] { return cached }
        let folded = texts(field).map(FoldedWords.init)
        foldedCache[field.index] = folded
        return folded
    }

    /// The title, summary, author and tags as `include` and `exclude` match them, made on
    /// first use (again, lowercased as Unicode too, when a later keyword needs it).
    mutating func keywordText(unicodeCase: Bool) -> KeywordTerm.Text {
        if let cached = keywordCache, !unicodeCase || cached.unicodeLowercased != nil { return cached }
        let text = KeywordTerm.Text(item, unicodeCase: unicodeCase)
        keywordCache = text
        return text
    }

    /// The score, or the age in seconds (nil for an item without a date).
    func number(_ field: RuleField) -> Double? {
        switch field {
        case .score: item.score
        case .age: item.published.map { now.timeIntervalSince($0) }
        default: nil
        }
    }
}
