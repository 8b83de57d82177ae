import Testing
import Tributary

/// The one rule for invisible characters (`docs/commands.md`): Unicode's
/// Default_Ignorable_Code_Point set and the interlinear annotation characters are removed,
/// except the joiners, variation selectors and tags that a visible sequence needs.
@Suite struct InvisibleCharacterTests {
    /// Default_Ignorable_Code_Point (DerivedCoreProperties.txt, Unicode 14.0) without the
    /// joiners, variation selectors and tags, which have rules of their own, and without LRM
    /// and RLM, which are kept, plus U+FFF9–FFFB.
    static let removed: [ClosedRange<UInt32>] = [
        0x00AD...0x00AD, 0x034F...0x034F, 0x061C...0x061C, 0x115F...0x1160, 0x17B4...0x17B5,
        0x200B...0x200B, 0x202A...0x202E, 0x2060...0x206F, 0x3164...0x3164,
        0xFEFF...0xFEFF, 0xFFA0...0xFFA0, 0xFFF0...0xFFFB, 0x1BCA0...0x1BCA3, 0x1D173...0x1D17A,
        0xE0000...0xE001F, 0xE0080...0xE00FF, 0xE01F0...0xE0FFF,
    ]

    static func text(_ value: UInt32) -> String { String(Character(Unicode.Scalar(value)!)) }

    @Test(arguments: removed)
    func defaultIgnorablesAreRemovedBetweenAnyCharacters(_ range: ClosedRange<UInt32>) {
        for value in range {
            let invisible = Self.text(value)
            let hex = String(value, radix: 16)
            #expect(TextCleanup.singleLine("a" + invisible + "b") == "ab", "U+\(hex)")
            #expect(TextCleanup.singleLine("é" + invisible + "é") == "éé", "U+\(hex)")
            #expect(TextCleanup.singleLine(invisible + "x " + invisible) == "x", "U+\(hex)")
            #expect(TextCleanup.plainText(fromHTML: "<p>a" + invisible + "b</p>") == "ab", "U+\(hex)")
            #expect(TextCleanup.decodedLine("a&#x\(hex);b") == "ab", "U+\(hex)")
            #expect(!TextCleanup.isSingleLine("a" + invisible + "b"), "U+\(hex)")
        }
    }

    /// Unicode's 66 noncharacters (Unicode 15.1 §23.7: U+FDD0–FDEF and the last two code
    /// points of every plane), which are no text to show, go as the controls go.
    static let noncharacters: [UInt32] =
        Array(0xFDD0...0xFDEF) + (0...0x10).flatMap { plane in [plane << 16 | 0xFFFE, plane << 16 | 0xFFFF] }

    @Test func noncharactersAreRemovedAsControlsAre() {
        #expect(Self.noncharacters.count == 66)
        for value in Self.noncharacters {
            let noncharacter = Self.text(value)
            let hex = String(value, radix: 16)
            #expect(TextCleanup.singleLine("a" + noncharacter + "b") == "ab", "U+\(hex)")
            #expect(TextCleanup.singleLine("é" + noncharacter + "é") == "éé", "U+\(hex)")
            #expect(TextCleanup.plainText(fromHTML: "<p>a" + noncharacter + "b</p>") == "ab", "U+\(hex)")
            #expect(TextCleanup.decodedLine("a&#x\(hex);b") == "ab", "U+\(hex)")
            #expect(!TextCleanup.isSingleLine("a" + noncharacter + "b"), "U+\(hex)")
        }
        let neighbours = "\u{FDCF}\u{FDF0}\u{FFFD}\u{1FFFD}"
        #expect(TextCleanup.singleLine(neighbours) == neighbours, "the characters either side stay")
    }

    /// LRM and RLM order right-to-left text (`&lrm;`, `&rlm;` in feeds); the embeddings,
    /// overrides and isolates, which reorder everything after them, stay removed.
    @Test func leftToRightAndRightToLeftMarksStayBidiControlsGo() {
        let text = "שלום\u{200F} (1)\u{200E} abc"
        #expect(TextCleanup.singleLine(text) == text)
        #expect(TextCleanup.plainText(fromHTML: "<p>a&rlm;b&lrm;c</p>") == "a\u{200F}b\u{200E}c")
        #expect(TextCleanup.decodedLine("x&#x200F;y") == "x\u{200F}y")
        #expect(TextCleanup.singleLine("a\u{202E}b\u{2067}c\u{2069}d\u{202A}e") == "abcde")
    }

    @Test func visibleFormatAndSpacingCharactersStay() {
        let kept = "\u{0600}\u{06DD} \u{FFFC} \u{2026} \u{00A9} \u{200A}"
        #expect(TextCleanup.singleLine(kept) == "\u{0600}\u{06DD} \u{FFFC} \u{2026} \u{00A9}")
    }

    /// ZWNJ and ZWJ stay only between two visible non-ASCII characters: emoji sequences,
    /// Persian and Indic words need them there, and nothing needs them anywhere else.
    @Test func joinersStayOnlyBetweenVisibleNonASCIICharacters() {
        let kept = [
            "👩\u{200D}💻", "❤\u{FE0F}\u{200D}🔥", "می\u{200C}خواهم", "क्\u{200D}ष", "👨\u{200D}👩\u{200D}👧",
        ]
        for text in kept {
            #expect(TextCleanup.singleLine(text) == text)
            #expect(TextCleanup.isSingleLine(text))
        }
        #expect(TextCleanup.singleLine("pay\u{200D}pal goo\u{200C}gle") == "paypal google")
        #expect(TextCleanup.singleLine("\u{200D}é \u{200C}é\u{200D} é\u{200D}") == "é é é")
        #expect(TextCleanup.singleLine("é\u{200D}\u{200D}é é\u{200D}a é\u{200D}\u{1B}é") == "é\u{200D}é éa é\u{200D}é")
        #expect(TextCleanup.singleLine("é\u{200D} é") == "é é")
    }

    /// A variation selector stays right after a visible character (emoji and text
    /// presentation, keycaps, ideographic variants); a run of them, or one with nothing
    /// to vary, is removed, so no text can hide in selectors.
    @Test func variationSelectorsStayOnlyAfterAVisibleCharacter() {
        let kept = ["❤\u{FE0F}", "1\u{FE0F}\u{20E3}", "#\u{FE0F}\u{20E3}", "葛\u{E0100}", "ᠠ\u{180B}", "☺\u{FE0E}"]
        for text in kept {
            #expect(TextCleanup.singleLine(text) == text)
        }
        #expect(TextCleanup.singleLine("\u{FE0F}a \u{FE0F}b") == "a b")
        #expect(TextCleanup.singleLine("😀\u{FE0F}\u{FE01}\u{E0101}\u{E0102}!") == "😀\u{FE0F}!")
    }

    /// Tag characters stay only in an emoji tag sequence: the black flag, a subdivision
    /// code (2–7 tag letters and digits) and the cancel tag, as in the flag of England.
    @Test func tagCharactersStayOnlyInFlagSequences() {
        let england = "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}"
        #expect(TextCleanup.singleLine("Go " + england + "!") == "Go " + england + "!")
        let hidden = "\u{E0069}\u{E0067}\u{E006E}\u{E006F}\u{E0072}\u{E0065}"  // "ignore" in tags
        #expect(TextCleanup.singleLine("a" + hidden + "b") == "ab")
        #expect(TextCleanup.singleLine("🏴" + hidden + " x") == "🏴 x", "not ended by the cancel tag")
        #expect(TextCleanup.singleLine("🏴" + hidden + hidden + "\u{E007F}") == "🏴", "longer than a subdivision code")
        #expect(TextCleanup.singleLine("🏴\u{E0041}\u{E0042}\u{E007F}") == "🏴", "capital tags: no subdivision code")
        for value: UInt32 in 0xE0020...0xE007F {
            #expect(TextCleanup.singleLine("a" + Self.text(value) + "b") == "ab", "U+\(String(value, radix: 16))")
            #expect(TextCleanup.singleLine("é" + Self.text(value) + "é") == "éé", "U+\(String(value, radix: 16))")
        }
    }
}
