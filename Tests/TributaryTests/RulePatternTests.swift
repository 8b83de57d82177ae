import Foundation
import Testing

@testable import Tributary

/// `matches` rules pass over texts that lack the literal text every match needs, without
/// ever answering differently from ICU.
@Suite struct RulePatternTests {
    @Test func theLiteralRunsFoundAreOnesEveryMatchHolds() {
        #expect(RequiredLiterals.of("^(re|fwd):") == [Array(":".utf8)])
        #expect(RequiredLiterals.of(#"\bQ&A\b"#) == [Array("q&a".utf8)])
        #expect(RequiredLiterals.of(#"\bdigest\b.*\bweekly\b"#) == ["digest", "weekly"].map { Array($0.utf8) })
        #expect(
            RequiredLiterals.of(#"^https?://(www\.)?medium\.com/"#)
                == ["http", "://", "medium.com/"].map { Array($0.utf8) })
        #expect(RequiredLiterals.of("colou?r x{2,3}yz ab[cd]e") == ["colo", "r ", "yz ab", "e"].map { Array($0.utf8) })
        #expect(RequiredLiterals.of("naïve") == ["na", "ve"].map { Array($0.utf8) }, "accents may fold to ASCII")
    }

    @Test func nothingIsRequiredWhereTheExpressionCouldMatchWithoutIt() {
        for pattern in ["swift|rust", "(?i)swift", #"\Qa|b\E"#, #"\x41pple"#, "a*", "(swift)"] {
            #expect(RequiredLiterals.of(pattern).isEmpty, "\(pattern)")
        }
        #expect(RequiredLiterals.of(#"ab\p{L}cd"#) == [Array("ab".utf8)], "nothing after an escape with an argument")
    }

    /// Every expression against every text: the rule's answer is ICU's.
    @Test func aRuleAnswersAsICUDoes() throws {
        let patterns = [
            "^(re|fwd):", #"\bQ&A\b"#, #"\bdigest\b.*\bweekly\b"#, #"^https?://(www\.)?medium\.com/"#, "colou?r",
            "ab[cd]e", "x{2,3}yz", "strasse", "kelvin", "swift|rust", #"a\.b+c"#, "[[a-z]&&[^aeiou]]x", "na[iï]ve",
            "file", "istanbul", "i", "ss",
        ]
        let texts = [
            "Re: the weekly digest", "RE:", "Fwd: Q&A session", "q&a", "the Digest, Weekly", "weekly digest",
            "https://medium.com/@someone", "http://www.Medium.com/x", "https://example.com/medium.com/", "Colour",
            "color", "abce", "ABDE", "abe", "xxyz", "xyz", "Straße", "STRASSE", "\u{212A}elvin", "Kelvin", "swift",
            "Rust", "a.bbbc", "a.c", "bx", "ax", "naïve", "NAIVE", "", "Новости Re: Q&A", "Ré: digest 📰 weekly",
            "colo\u{301}r", "ﬁle", "İstanbul", "ſtrasse", "STRAẞE",
        ]
        for pattern in patterns {
            let expression = try #require(KeywordMatch.compile(pattern))
            let rule = RulePattern(expression: expression)
            for text in texts {
                let icu = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
                #expect(rule.matches(RulePattern.Text(text)) == icu, "\(pattern) on \(text)")
            }
        }
    }
}
