import Foundation
import Testing
@testable import TributaryInterchange

/// What `add` may fetch for a page: the address scope rule `CurlTransport` applies to redirects.
@Suite struct FeedCheckTests {
    func refusal(_ candidate: String, page: String) -> String? {
        FeedCheck.scopeRefusal(URL(string: candidate)!, page: URL(string: page)!)
    }

    @Test func aPublicPageCannotPointIntoThisMachineOrItsNetwork() {
        let page = "https://ada.example/blog/"
        #expect(refusal("http://127.0.0.1:8080/feed", page: page)?.contains("a loopback address") == true)
        #expect(refusal("http://localhost/feed", page: page)?.contains("a loopback address") == true)
        #expect(refusal("http://10.1.2.3/feed", page: page)?.contains("a private address") == true)
        #expect(refusal("http://[fe80::1]/feed", page: page)?.contains("a link-local address") == true)
        #expect(refusal("file:///etc/passwd", page: page) == "not an http or https address")
    }

    /// Spellings of 127.0.0.1 that libcurl connects to, as `inet_aton` reads them.
    @Test(arguments: ["0x7f000001", "0x7f.0.0.1", "017700000001", "127.1", "2130706433", "0177.0.0.01"])
    func everySpellingOfLoopbackIsRefused(host: String) {
        let refused = refusal("http://\(host)/feed", page: "https://ada.example/")
        #expect(refused?.contains("a loopback address") == true, "\(host): \(refused ?? "allowed")")
    }

    @Test func otherPublicHostsAndLocalPagesMayBeFollowed() {
        #expect(refusal("https://cdn.example/feed.xml", page: "https://ada.example/") == nil)
        #expect(refusal("http://127.0.0.1:9/feed", page: "http://127.0.0.1:8080/") == nil)
        #expect(refusal("http://10.0.0.2/feed", page: "http://10.0.0.1/") == nil)
    }
}
