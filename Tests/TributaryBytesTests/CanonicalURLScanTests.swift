import Testing
import TributaryBytes

/// The short cut `CanonicalURL.key` takes: only a text its own key may skip the rewrite.
@Suite struct CanonicalURLScanTests {
    @Test(arguments: [
        "https://example.com", "https://example.com/Posts/A", "https://a.example.com/x/y.html",
        "https://example.com/Path:With:Colons", "https://example.com/UPPER/case",
    ])
    func aCanonicalTextIsItsOwnKey(_ text: String) {
        #expect(CanonicalURLScan.isAlreadyCanonical(text))
    }

    @Test(arguments: [
        "http://example.com/x", "HTTPS://example.com/x", "https://www.example.com/x", "https://Example.com/x",
        "https://example.com:443/x", "https://example.com/x?q=1", "https://example.com/x#top",
        "https://example.com/x/", "https://example.com/", "ftp://example.com/x", "https:/", "",
    ])
    func anythingTheKeyRewritesIsNot(_ text: String) {
        #expect(!CanonicalURLScan.isAlreadyCanonical(text))
    }
}
