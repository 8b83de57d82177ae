import Foundation
import Testing

@testable import Tributary

/// How rules read an item: whole words without case or accents, ages on the run's clock,
/// and the order in which rules and their actions apply.
@Suite struct RuleBookTests {
    static func book(_ rules: String, entry: String? = nil) throws -> RuleBook {
        let own = entry.map { #", "rules": \#($0)"# } ?? ""
        let json =
            #"{"rules": \#(rules), "sources": [{"id": "a", "type": "sample"\#(own)}, {"id": "b", "type": "sample"}]}"#
        let registry = SourceRegistry([SourceType(OptionsOnlySource.self)])
        return RuleBook(try ConfigLoader(registry: registry, environment: [:]).load(Data(json.utf8)))
    }

    static func item(_ title: String, source: String = "a", published: Date? = nil) -> FeedItem {
        FeedItem(
            id: "\(source):\(title)", source: source, sourceType: "feed", kind: .article, title: title,
            published: published)
    }

    /// Whether `phrase` occurs in `text` as a `contains` test finds it.
    static func has(_ text: FoldedWords, _ phrase: String) -> Bool {
        text.containsAny(of: [FoldedWords(phrase)], in: 0..<1)
    }

    @Test func everyFieldHasAPlaceInTheSubjectsCache() {
        #expect(RuleField.allCases.count == 11, "RuleSubject keeps 11 fields inline; give it room for the new ones")
    }

    @Test func containsMatchesWholeWordsInARowIgnoringCaseAndAccents() {
        let text = FoldedWords("Ünïcode CAFÉ—culture: the actors' guild")
        #expect(Self.has(text, "cafe culture"))
        #expect(Self.has(text, "UNICODE"))
        #expect(Self.has(text, "actors guild"))
        #expect(!Self.has(text, "actor"))
        #expect(!Self.has(text, "culture cafe"))
        #expect(!Self.has(text, "ure"))
        #expect(FoldedWords("Zu\u{308}RICH, ¥1000 — naïve✓ＡＢ").words == "zurich 1000 naive ab", "a word at a time")
        #expect(FoldedWords("  --Hello,  World!-- ").words == "hello world")
        #expect(FoldedWords("📰 Don’t miss: Café © 2024 — Новости").words == "don t miss cafe 2024 новости")
        #expect(FoldedWords("Sa\u{200C}ad").words == "saad", "a zero-width non-joiner stays inside its word")
    }

    @Test func ageIsJudgedOnTheGivenClockAndAnUndatedItemHasNone() throws {
        let book = try Self.book(#"[{"if": {"age": {"above": "7d"}}, "then": ["markRead"]}]"#)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let old = Self.item("old", published: now.addingTimeInterval(-8 * 86_400))
        let fresh = Self.item("fresh", published: now.addingTimeInterval(-6 * 86_400))
        #expect(book.verdict(for: old, now: now).markRead)
        #expect(!book.verdict(for: fresh, now: now).markRead)
        #expect(!book.verdict(for: Self.item("undated"), now: now).markRead)
        #expect(book.verdict(for: fresh, now: now.addingTimeInterval(2 * 86_400)).markRead)
    }

    @Test func anEntrysRulesRunFirstAndKeepOnlyNarrowsItsOwnItems() throws {
        let book = try Self.book(
            #"[{"if": {"title": {"contains": "x"}}, "then": [{"tag": "top"}]}]"#,
            entry: #"[{"if": {"title": {"contains": "x"}}, "then": [{"tag": "own"}, "keep"]}]"#)
        let now = Date()
        let verdict = book.verdict(for: Self.item("x marks"), now: now)
        #expect(verdict.addedTags == ["own", "top"] && !verdict.isDropped)
        #expect(book.verdict(for: Self.item("nothing"), now: now).droppedBecause == RuleVerdict.noKeepRuleMatched)
        #expect(!book.verdict(for: Self.item("nothing", source: "b"), now: now).isDropped)
    }

    static func config(_ json: String) throws -> FeedsConfig {
        let registry = SourceRegistry([SourceType(OptionsOnlySource.self)])
        return try ConfigLoader(registry: registry, environment: [:]).load(Data(json.utf8))
    }

    @Test func includeAndExcludeAreRulesTriedFirstThatMatchInsideWords() throws {
        let book = RuleBook(
            try Self.config(
                #"{"include": ["swift"], "exclude": ["giveaway"], "rules": [{"if": {"title": {"contains": "swift"}}, "then": [{"tag": "whole"}]}, {"if": {"title": {"contains": "news"}}, "then": ["keep"]}], "sources": [{"id": "a", "type": "sample"}]}"#
            ))
        #expect(book.all.map(\.path) == ["exclude", "include", "rules[0]", "rules[1]"])
        let now = Date()
        let swiftly = book.verdict(for: Self.item("Swiftly news"), now: now)
        #expect(!swiftly.isDropped && swiftly.addedTags.isEmpty, "include finds swift inside a word; contains does not")
        #expect(swiftly.matchedRulePaths == ["include", "rules[1]"])
        let giveaway = book.verdict(for: Self.item("Swift giveaways news"), now: now)
        #expect(giveaway.droppedByPath == "exclude" && giveaway.droppedBecause == "exclude")
        #expect(giveaway.addedTags.isEmpty, "no later rule sees an excluded item")
        let rust = book.verdict(for: Self.item("Rust news"), now: now)
        #expect(rust.droppedByPath == "include" && rust.matchedRules.isEmpty, "the keep rule does not save it")
        let release = book.verdict(for: Self.item("Swift release"), now: now)
        #expect(release.droppedBecause == RuleVerdict.noKeepRuleMatched, "include's own keep does not count")
    }

    @Test func anEntrysIncludeAndExcludeAreItsFirstRulesWithItsRegularExpressions() throws {
        let config = try Self.config(
            #"{"exclude": ["crypto"], "sources": [{"id": "b", "type": "sample"}, {"id": "a", "type": "sample", "match": "regex", "exclude": ["^ad:"], "include": ["\\d$"], "rules": [{"if": {"title": {"contains": "x"}}, "then": ["star"]}]}]}"#
        )
        let book = RuleBook(config, entryFilters: true)
        #expect(book.all.map(\.path) == ["sources[1].exclude", "sources[1].include", "sources[1].rules[0]", "exclude"])
        let now = Date()
        #expect(book.verdict(for: Self.item("AD: buy 2"), now: now).droppedByPath == "sources[1].exclude")
        #expect(book.verdict(for: Self.item("version two"), now: now).droppedByPath == "sources[1].include")
        #expect(book.verdict(for: Self.item("crypto 3"), now: now).droppedByPath == "exclude")
        #expect(!book.verdict(for: Self.item("release 4"), now: now).isDropped)
        #expect(!book.verdict(for: Self.item("AD: buy", source: "b"), now: now).isDropped, "only the entry's items")
        let digests = RuleBook(config)
        #expect(digests.all.map(\.path) == ["sources[1].rules[0]", "exclude"], "its sources apply their own")
        #expect(digests.descriptions == [#"exclude "crypto""#, "rules"])
    }
}
