import Testing
import TributaryBytes

/// Lent buffers and the views cut from them: the same bytes, nothing copied, never half a character.
@Suite struct BorrowedBuffersTests {
    @Test func aStringLendsItsUTF8() {
        let bytes = BorrowedBuffers.utf8(of: "Café 😀") { Array($0) }
        #expect(bytes == Array("Café 😀".utf8))
    }

    @Test func aSliceIsAViewOfTheSameMemory() {
        BorrowedBuffers.elements(of: Array("feed item".utf8)) { buffer in
            let slice = BorrowedBuffers.slice(buffer, 5..<9)
            #expect(slice.baseAddress == buffer.baseAddress! + 5)
            #expect(Array(slice) == Array("item".utf8))
        }
    }

    /// "é" is two bytes and "😀" four: a limit inside one ends the prefix before it.
    @Test(arguments: [(0, ""), (1, "C"), (3, "Caf"), (4, "Caf"), (5, "Café"), (8, "Café"), (9, "Café😀"), (99, "Café😀")])
    func aPrefixEndsAtACharacterBoundary(_ limit: Int, _ expected: String) {
        let prefix = BorrowedBuffers.elements(of: Array("Café😀".utf8)) { buffer in
            String(decoding: BorrowedBuffers.utf8Prefix(buffer, atMost: limit), as: UTF8.self)
        }
        #expect(prefix == expected)
    }

    @Test func asciiWhitespaceIsTrimmedButNotControlsOrNonBreakingSpaces() {
        let trimmed = BorrowedBuffers.elements(of: Array(" \t\u{0}a b\u{A0}\r\n\u{0B}\u{0C}".utf8)) { buffer in
            Array(ByteTrim.trimmingASCIIWhitespace(buffer))
        }
        #expect(trimmed == Array("\u{0}a b\u{A0}".utf8))
    }
}
