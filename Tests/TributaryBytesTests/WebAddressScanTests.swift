import Foundation
import Testing
import TributaryBytes

/// The byte checks `WebAddress` relies on: which texts are web addresses with a host,
/// and which are plain enough that `URL` would give them back unchanged.
@Suite struct WebAddressScanTests {
    @Test(arguments: [
        "https://example.com", "HTTP://Example.com/x", "hTtPs://user:pw@example.com:8080/", "https://[::1]/",
        "http://a?q", "https://a#f",
    ])
    func aWebSchemeWithAHostIsWeb(_ text: String) {
        #expect(WebAddressScan.hasWebSchemeAndHost(text))
    }

    @Test(arguments: [
        "", "https", "https:", "https:/", "https://", "https:///path", "https://user@/x", "https://:80/",
        "ftp://example.com/", "httpx://example.com/", "mailto:a@b.c", "javascript:alert(1)", "//example.com/x",
    ])
    func anythingElseIsNot(_ text: String) {
        #expect(!WebAddressScan.hasWebSchemeAndHost(text))
    }

    @Test(arguments: [
        "https://example.com", "http://example.com/", "https://img.example.com:8080/a/0.jpg?size=150&x=1#top",
        "https://a.b.c/p;q=1,2/(x)*~!$'", "https://example.com/a%20b?c=%41#%42", "https://example.com?q",
    ])
    func aPlainAddressIsOneURLGivesBackUnchanged(_ text: String) {
        #expect(WebAddressScan.isPlainWebURL(text))
        #expect(URL(string: text)?.absoluteString == text)
    }

    @Test(arguments: [
        "HTTPS://example.com/", "https://user:pw@example.com/", "https://[::1]:8080/x", "https://example.com:/x",
        "https://example.com:80a/", "https://ex_ample.com/", "https://example.com/a b", "https://example.com/caf\u{E9}",
        "https://example.com/%zz", "https://example.com/%2", "https://example.com/a#b#c", "https://example.com/{x}",
        "https://", "ftp://example.com/",
    ])
    func anythingUnusualIsLeftToURL(_ text: String) {
        #expect(!WebAddressScan.isPlainWebURL(text))
    }
}
