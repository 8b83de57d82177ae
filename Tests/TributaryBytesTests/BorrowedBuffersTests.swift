import Testing
import TributaryBytes

/// Lent buffers and the views cut from them: the same bytes, nothing copied, never half a character.
@Suite struct BorrowedBuffersTests {
    @Test func aStringLendsItsUTF8() {
        let bytes = unsafe BorrowedBuffers.utf8(of: "Café 😀") { unsafe Array($0) }
        #expect(bytes == Array("Café 😀".utf8))
    }

    @Test func aSliceIsAViewOfTheSameMemory() {
        unsafe BorrowedBuffers.elements(of: Array("feed item".utf8)) { buffer in
            let slice = unsafe BorrowedBuffers.slice(buffer, 5..<9)
            let sameMemory = unsafe slice.baseAddress == buffer.baseAddress! + 5
            let bytes = unsafe Array(slice)
            #expect(sameMemory)
            #expect(bytes == Array("item".utf8))
        }
    }

    /// "é" is two bytes and "😀" four: a limit inside one ends the prefix before it.
    @Test(arguments: [(0, ""), (1, "C"), (3, "Caf"), (4, "Caf"), (5, "Café"), (8, "Café"), (9, "Café😀"), (99, "Café😀")])
    func aPrefixEndsAtACharacterBoundary(_ limit: Int, _ expected: String) {
        let prefix = unsafe BorrowedBuffers.elements(of: Array("Café😀".utf8)) { buffer in
            unsafe String(decoding: BorrowedBuffers.utf8Prefix(buffer, atMost: limit), as: UTF8.self)
        }
        #expect(prefix == expected)
    }

    @Test func asciiWhitespaceIsTrimmedButNotControlsOrNonBreakingSpaces() {
        let trimmed = unsafe BorrowedBuffers.elements(of: Array(" \t\u{0}a b\u{A0}\r\n\u{0B}\u{0C}".utf8)) { buffer in
            unsafe Array(ByteTrim.trimmingASCIIWhitespace(buffer))
        }
        #expect(trimmed == Array("\u{0}a b\u{A0}".utf8))
    }
}
