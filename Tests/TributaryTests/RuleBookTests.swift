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

    @Test func containsMatchesWholeWordsInARowIgnoringCaseAndAccents() {
        let text = FoldedWords("Ünïcode CAFÉ—culture: the actors' guild")
        #expect(text.contains(FoldedWords("cafe culture")))
        #expect(text.contains(FoldedWords("UNICODE")))
        #expect(text.contains(FoldedWords("actors guild")))
        #expect(!text.contains(FoldedWords("actor")))
        #expect(!text.contains(FoldedWords("culture cafe")))
        #expect(!text.contains(FoldedWords("ure")))
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
}
