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
/// (A packed item makes a new String each time a field is read.)
struct RuleSubject {
    let item: FeedItem
    let now: Date
    /// Each field's values, and their folded form once made, by the field's place in
    /// `RuleField.allCases` (11 fields; `RuleBookTests` checks the count). Kept inline, not
    /// in an array: one array for every item tried was a heap block made and freed each time.
    private var cache = InlineArray<11, FieldValues?>(repeating: nil)
    private var keywordCache: KeywordTerm.Text?

    private struct FieldValues {
        let texts: [String]
        var folded: [FoldedWords]?
        var patternTexts: [RulePattern.Text]?
    }

    init(item: FeedItem, now: Date) {
        self.item = item
        self.now = now
    }

    /// The field's text values: one for most fields, one per tag, none when the item has no value.
    mutating func texts(_ field: RuleField) -> [String] {
        if let cached = cache[field.index] { return cached.texts }
        let texts = Self.read(field, of: item)
        cache[field.index] = FieldValues(texts: texts)
        return texts
    }

    /// The field's values folded for `contains` and `is`.
    mutating func folded(_ field: RuleField) -> [FoldedWords] {
        if let folded = cache[field.index]?.folded { return folded }
        let folded = texts(field).map(FoldedWords.init)
        cache[field.index]?.folded = folded
        return folded
    }

    /// The field's values as `matches` expressions read them.
    mutating func patternTexts(_ field: RuleField) -> [RulePattern.Text] {
        if let made = cache[field.index]?.patternTexts { return made }
        let made = texts(field).map(RulePattern.Text.init)
        cache[field.index]?.patternTexts = made
        return made
    }

    private static func read(_ field: RuleField, of item: FeedItem) -> [String] {
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
