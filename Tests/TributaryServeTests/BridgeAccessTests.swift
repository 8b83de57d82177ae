import Foundation
import Hummingbird
import Testing
import Tributary
import TributaryLive

@testable import TributaryServe

/// Who may read the bridge feeds when `serve` is reachable from elsewhere.
@Suite struct BridgeAccessTests {
    static let account = SyncAccount(user: "reader", password: Secret("pw"))
    let closed = BridgeAccess(isOpen: false, credentials: SyncCredentials(Self.account))

    static func request(_ uri: String, headers: HTTPFields = [:]) -> Request {
        Request(
            head: HTTPRequest(method: .get, scheme: "http", authority: "example", path: uri, headerFields: headers),
            body: RequestBody(buffer: ByteBuffer()))
    }

    @Test func eachFeedHasItsOwnStableTokenThatTellsNothingOfThePassword() throws {
        let token = try #require(closed.token(for: "so-swift"))
        #expect(token.count == 32 && token.allSatisfy(\.isHexDigit) && !token.contains("pw"))
        #expect(closed.token(for: "so-swift") == token)
        #expect(closed.token(for: "all") != token)
        #expect(BridgeAccess(isOpen: true, credentials: SyncCredentials(Self.account)).token(for: "so-swift") == nil)
    }

    @Test func aClosedServerWantsTheFeedsTokenOrTheAccount() throws {
        let token = try #require(closed.token(for: "w"))
        #expect(closed.allows(Self.request("/feeds/w.atom?token=\(token)"), feed: "w"))
        #expect(!closed.allows(Self.request("/feeds/b.atom?token=\(token)"), feed: "b"), "one feed's token only")
        #expect(!closed.allows(Self.request("/feeds/w.atom?token=0000"), feed: "w"))
        #expect(!closed.allows(Self.request("/feeds/w.atom"), feed: "w"))
        let basic = "Basic " + Data("reader:pw".utf8).base64EncodedString()
        #expect(closed.allows(Self.request("/feeds/w.atom", headers: [.authorization: basic]), feed: "w"))
        let wrong = "Basic " + Data("reader:nope".utf8).base64EncodedString()
        #expect(!closed.allows(Self.request("/feeds/w.atom", headers: [.authorization: wrong]), feed: "w"))
        #expect(BridgeAccess(isOpen: true, credentials: nil).allows(Self.request("/feeds/w.atom"), feed: "w"))
    }
}
