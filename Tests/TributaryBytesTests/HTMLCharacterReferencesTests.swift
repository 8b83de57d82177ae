import Testing
import TributaryBytes

/// Character references decoded once each, the way HTML reads them, and nothing else touched.
@Suite struct HTMLCharacterReferencesTests {
    @Test func namedDecimalAndHexReferencesAreDecoded() {
        #expect(
            HTMLCharacterReferences.decode("It&#39;s &quot;caf&#233;&quot; &amp; &#x27;t&#X27; &eacute; &hellip;")
                == "It's \"café\" & 't' é …")
    }

    @Test func aReferenceIsDecodedOnceNotTwice() {
        #expect(HTMLCharacterReferences.decode("&amp;lt;b&amp;gt;") == "&lt;b&gt;")
    }

    @Test func referencesToC1ControlsReadAsWindows1252() {
        #expect(HTMLCharacterReferences.decode("it&#146;s &#x80;5") == "it\u{2019}s \u{20AC}5")
    }

    @Test(arguments: ["AT&T", "a & b", "&unknown;", "&;", "&#;", "&#xZZ;", "&#1114112;", "&amp", "&#55296;"])
    func unknownOrMalformedReferencesStayAsTheyAre(_ text: String) {
        #expect(HTMLCharacterReferences.decode(text) == text)
    }

    @Test func aReferenceIsFoundOnlyAtItsAmpersandWithItsLength() {
        let bytes = Array("x&eacute;y".utf8)
        unsafe bytes.withUnsafeBufferPointer { buffer in
            let reference = unsafe HTMLCharacterReferences.reference(in: buffer, at: 0)
            #expect(reference == nil)
            let found = unsafe HTMLCharacterReferences.reference(in: buffer, at: 1)
            #expect(found?.0 == "\u{E9}")
            #expect(found?.length == 8)
        }
    }
}
