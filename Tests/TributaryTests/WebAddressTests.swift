import Foundation
import Testing
@testable import Tributary

/// `WebAddress.absoluteString` must give exactly what `URL` gives, whether or not it
/// takes its short cut: items store that string and rebuild `URL`s from it.
@Suite struct WebAddressTests {
    static let addresses = [
        "https://example.com/posts/1", "http://example.com", "https://example.com/", "https://Example.COM/A?b=c#d",
        "https://example.com:8080/x", "https://example.com:/x", "https://example.com:80a/",
        "https://a.b.c/p;q=1,2/(x)*~!$'",
        "https://example.com/a b", "https://example.com/caf\u{E9}", "https://example.com/%E2%9C%93",
        "https://example.com/%zz",
        "https://example.com/%2", "https://example.com/a#b#c", "https://example.com/a?x=[1]",
        "https://user:pw@example.com/",
        "https://[::1]:8080/x", "HTTPS://example.com/", "ftp://example.com/file", "https://", "https:///path",
        "mailto:a@b.c",
        "https://example.com/\"quoted\"", "https://example.com/a|b", "https://example.com/a\\b",
        "https://example.com/{x}",
        "https://example.com/a^b", "https://example.com/`", "https://ex_ample.com/", "https://example.com?q",
        "https://example.com#f",
        "javascript:alert(1)", "https://example.com/\u{1F600}", "https://example.com/a%20b?c=%41#%42",
        "//example.com/x", "",
    ]

    @Test(arguments: addresses)
    func givesWhatURLGives(_ address: String) {
        #expect(WebAddress.absoluteString(address) == URL(string: address)?.absoluteString)
    }

    @Test func keepsAPlainAddressAsItIs() {
        #expect(
            WebAddress.absoluteString("https://img.example.com/bench/0.jpg?size=150&x=1#top")
                == "https://img.example.com/bench/0.jpg?size=150&x=1#top")
    }
}
