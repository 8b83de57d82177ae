import Testing
import TributaryBytes

/// The two byte helpers feed URL resolution uses: "is this reference absolute" and
/// "where does this tag start".
@Suite struct URISchemeAndByteSearchTests {
    @Test(arguments: ["https://example.com/", "mailto:a@b.c", "tag:example.com,2004:1", "svn+ssh://x", "a.b-c:d"])
    func aSchemeAndAColonMakeAReferenceAbsolute(_ text: String) {
        #expect(URIScheme.hasScheme(text))
        let hasScheme = unsafe Array(text.utf8).withUnsafeBufferPointer(URIScheme.hasScheme(utf8:))
        #expect(hasScheme)
    }

    @Test(arguments: ["/posts/1", "posts/1", "", ":x", "?a=b:c", "#x:y", "a b:c", "caf\u{E9}:x", "//host/a:b"])
    func anythingElseIsRelative(_ text: String) {
        #expect(!URIScheme.hasScheme(text))
    }

    static func firstRange(_ pattern: String, in text: String, from start: Int = 0) -> Range<Int>? {
        unsafe Array(text.utf8).withUnsafeBufferPointer {
            unsafe ByteSearch.firstRange(of: Array(pattern.utf8), in: $0[start...])
        }
    }

    @Test func findsTheFirstOccurrenceAfterFalseStarts() {
        #expect(Self.firstRange("<img", in: "<p><i>x</i><im <img src=a>") == 15..<19)
        #expect(Self.firstRange("src=", in: "srcset=x src=y") == 9..<13)
    }

    @Test func indicesAreTheBuffersAndTheSearchStaysInTheSlice() {
        #expect(Self.firstRange("ab", in: "ab-ab", from: 1) == 3..<5)
        #expect(Self.firstRange("ab", in: "ab-a", from: 1) == nil)
    }

    @Test func aPatternCutOffByTheEndIsNotFound() {
        #expect(Self.firstRange("<img", in: "text <im") == nil)
        #expect(Self.firstRange("<img", in: "") == nil)
    }
}
