import Foundation
import Testing
import Tributary
import TributaryNetwork

/// Which proxy a request goes through, by libcurl's rules, as messages name it.
@Suite struct ProxyEnvironmentTests {
    func proxy(_ url: String, _ environment: [String: String]) -> ProxyEnvironment.Proxy? {
        ProxyEnvironment(environment: environment).proxy(for: URL(string: url)!)
    }

    @Test func eachSchemeHasItsVariableAndAllProxyIsTheFallback() {
        let environment = [
            "http_proxy": "http://web:3128", "HTTPS_PROXY": "http://tls:3128", "ALL_PROXY": "socks5h://any:1080",
        ]
        #expect(proxy("http://example.org/", environment)?.address == "http://web:3128")
        #expect(proxy("https://example.org/", environment)?.variable == "HTTPS_PROXY")
        #expect(proxy("https://example.org/", ["all_proxy": "socks5h://any:1080"])?.variable == "all_proxy")
    }

    @Test func upperCaseHTTPProxyIsIgnoredAsLibcurlIgnoresIt() {
        #expect(proxy("http://example.org/", ["HTTP_PROXY": "http://evil:3128"]) == nil)
        #expect(proxy("http://example.org/", ["http_proxy": ""]) == nil)
    }

    @Test func credentialsAreRedactedWithOrWithoutAScheme() {
        #expect(proxy("http://a.org/", ["http_proxy": "http://me:hunter22@p:3128"])?.address == "http://me:***@p:3128")
        #expect(proxy("http://a.org/", ["http_proxy": "me:hunter22@p:3128"])?.address == "http://me:***@p:3128")
    }

    @Test(arguments: [
        ("example.org", true), (".example.org", true), ("other.org", false), ("*", true), ("ample.org", false),
        ("localhost, example.org", true), ("10.0.0.0/8", false),
    ])
    func noProxyListsHostsAndDomains(list: String, direct: Bool) {
        let found = proxy("https://feeds.example.org/", ["https_proxy": "http://p:3128", "no_proxy": list])
        #expect((found == nil) == direct)
    }

    @Test func noProxyRangesMatchAddresses() {
        let environment = ["http_proxy": "http://p:3128", "NO_PROXY": "10.0.0.0/8,192.168.1.7"]
        #expect(proxy("http://10.20.30.40/", environment) == nil)
        #expect(proxy("http://192.168.1.7/", environment) == nil)
        #expect(proxy("http://11.0.0.1/", environment) != nil)
    }
}
