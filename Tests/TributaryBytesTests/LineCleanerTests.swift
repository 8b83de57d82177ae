import Testing
import TributaryBytes

/// The byte pass of text cleanup, under a small rule of its own (the core's full rule is
/// tested in `TextCleanupTests` and `InvisibleCharacterTests`).
@Suite struct LineCleanerTests {
    /// For non-ASCII code points (ASCII is the cleaner's own): ZWSP and C1 controls
    /// dropped, NBSP a space, ZWJ a joiner, VS16 a selector, everything else kept.
    @Sendable static func classify(_ scalar: UInt32) -> CodePointKind {
        switch scalar {
        case 0xA0: return .space
        case 0x80...0x9F, 0x200B: return .dropped
        case 0x200D: return .joiner
        case 0xFE0F: return .selector
        default: return .kept
        }
    }

    static let line = LineCleaner(droppingTags: false, decodingEntities: false, classify: classify)
    static let decoded = LineCleaner(droppingTags: false, decodingEntities: true, classify: classify)
    static let html = LineCleaner(droppingTags: true, decodingEntities: true, classify: classify)

    @Test func whitespaceCollapsesAndControlsGo() {
        #expect(Self.line.line("  a \t b\u{0}c\u{1B}[31m  ") == "a bc[31m")
        #expect(
            Self.line.line("a long line of plain  ASCII words,\nthen more")
                == "a long line of plain ASCII words, then more")
    }

    @Test func theCallersRuleDecidesForNonASCII() {
        #expect(Self.line.line("x\u{200B}y\u{A0}\u{A0}z") == "xy z")
        #expect(Self.line.line("😀\u{200D}😀 a\u{200D}b ❤\u{FE0F}") == "😀\u{200D}😀 ab ❤\u{FE0F}")
    }

    @Test func aJoinerWithNothingVisibleAfterItIsTakenBack() {
        #expect(Self.line.line("😀\u{200D}") == "😀")
        #expect(Self.line.line("😀\u{200D} x") == "😀 x")
    }

    @Test func referencesAreDecodedOnceWhenAsked() {
        #expect(Self.decoded.line("AT&amp;T &amp;lt; &#x1F600;") == "AT&T &lt; 😀")
        #expect(Self.line.line("AT&amp;T") == "AT&amp;T")
    }

    @Test func inlineTagsLeaveNoTraceAndOthersASpace() {
        #expect(Self.html.line("<p><em>Dune</em>, sand</p><p>and <a href=\"x\">more</a></p>") == "Dune, sand and more")
    }

    @Test func cleanTextIsLeftAsItIs() {
        #expect(Self.line.leavesUnchanged("plain words here, and Café"))
        #expect(!Self.line.leavesUnchanged("two  spaces"))
        #expect(!Self.line.leavesUnchanged(" leading"))
        #expect(Self.line.leavesUnchanged(""))
    }

    @Test func bytesInBytesOut() {
        let cleaned = unsafe BorrowedBuffers.elements(of: Array(" a\u{7F}b ".utf8)) { unsafe Self.line.line($0) }
        #expect(cleaned == "ab")
    }
}
