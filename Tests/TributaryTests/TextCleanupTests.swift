import Testing
import Tributary

@Suite struct TextCleanupTests {
    @Test func entitiesAreDecodedOnceNamedAndNumeric() {
        #expect(
            HTMLEntities.decode("It&#39;s &quot;caf&#233;&quot; &amp; &#x27;t&#x27; &eacute; &hellip;")
                == "It's \"café\" & 't' é …")
        #expect(HTMLEntities.decode("&amp;lt; stays &lt;") == "&lt; stays <")
        #expect(HTMLEntities.decode("AT&T & &bogus; &#xZZ;") == "AT&T & &bogus; &#xZZ;")
    }

    /// The cleaner reads eight bytes at a time: a fault at any offset, on either side of a
    /// word boundary, is still found.
    @Test(arguments: 0..<20)
    func faultsAreFoundAtAnyOffset(_ offset: Int) {
        let before = String(repeating: "a", count: offset + 1)
        let after = "bbbbbbbbbbbbbbbbbbbb"
        #expect(TextCleanup.singleLine(before + "  " + after) == before + " " + after)
        #expect(TextCleanup.singleLine(before + "\u{1B}" + after) == before + after)
        #expect(TextCleanup.singleLine(before + " \u{7F} " + after) == before + " " + after)
        #expect(TextCleanup.singleLine(before + "\u{202E}" + after) == before + after)
        #expect(TextCleanup.singleLine(before + " x " + after) == before + " x " + after)
    }

    @Test func terminalEscapesAndControlCharactersAreRemoved() {
        let hostile = "Title\u{1B}[2J\u{1B}]0;pwned\u{07} with\ttabs\nand\u{202E}bidi\u{9B}"
        let clean = TextCleanup.singleLine(hostile)
        #expect(
            !clean.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}" })
        #expect(clean.hasPrefix("Title[2J]0;pwned with tabs andbidi"))
    }

    @Test func htmlBecomesPlainText() {
        #expect(
            TextCleanup.plainText(fromHTML: "<p>Hello <b>world</b> &amp; <script>x</script>friends</p>")
                == "Hello world & friends", "a script's code is no text")
    }

    @Test func inlineTagsLeaveNoSpaceAndBlockTagsSeparateWords() {
        #expect(
            TextCleanup.plainText(fromHTML: "<p><em>Dune</em>, a <a href=\"/x\">link</a>.</p><p>Next<br>line</p>")
                == "Dune, a link. Next line")
        #expect(
            TextCleanup.plainText(fromHTML: "<li>one</li><li>two</li><DIV>three</DIV><SPAN>4</SPAN>!")
                == "one two three 4!")
    }

    @Test func htmlPlainTextDecodesReferencesAfterDroppingTagsAndCleansWhatTheyDecodeTo() {
        let html = "<p>caf&eacute;&nbsp;<i>ok</i>\u{202E}</p>&#x1F600; &lt;not a tag&gt; &#x1B;[2J&#10;end "
        #expect(TextCleanup.plainText(fromHTML: html) == "café ok 😀 <not a tag> [2J end")
    }

    @Test func encodedTextBecomesOneDecodedLine() {
        #expect(TextCleanup.decodedLine("AT&amp;T &#10; &lt;b&gt;  x&#x1B;y ") == "AT&T <b> xy")
        #expect(TextCleanup.decodedLine("&amp;lt; AT&T &bogus;") == "&lt; AT&T &bogus;")
        #expect(TextCleanup.decodedLine("already clean") == "already clean")
    }

    @Test func secretsAreRedactedFromURLs() {
        #expect(
            Redaction.redact("https://api.flickr.com/services/rest/?method=x&api_key=abc123&tags=a")
                == "https://api.flickr.com/services/rest/?method=x&api_key=***&tags=a")
        #expect(Redaction.redact("GET /v1/photos?consumer_key=zzz") == "GET /v1/photos?consumer_key=***")
        #expect(
            Redaction.redact("failed: token abcdef1234 leaked", secrets: [Secret("abcdef1234")])
                == "failed: token *** leaked")
    }
}
