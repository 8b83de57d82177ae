import Foundation
import Testing
import Tributary
import TributaryLive

@testable import TributaryServe

/// The sync account's check of what clients send: HTTP Basic, the password as a token.
@Suite struct SyncCredentialsTests {
    let credentials = SyncCredentials(SyncAccount(user: "reader", password: Secret("s3cret:with colon")))

    @Test func acceptsTheAccountOnlyWhateverPartIsWrong() {
        #expect(credentials.accepts(user: "reader", password: "s3cret:with colon"))
        #expect(!credentials.accepts(user: "Reader", password: "s3cret:with colon"))
        #expect(!credentials.accepts(user: "reader", password: "s3cret"))
        #expect(!credentials.accepts(user: "", password: ""))
        #expect(credentials.accepts(token: "s3cret:with colon"))
        #expect(!credentials.accepts(token: "reader"))
    }

    @Test func readsBasicCredentialsWithAColonInThePassword() throws {
        let header = "Basic " + Data("reader:s3cret:with colon".utf8).base64EncodedString()
        let basic = try #require(SyncCredentials.basic(header))
        #expect(basic.user == "reader" && basic.password == "s3cret:with colon")
        #expect(SyncCredentials.basic("basic " + Data("a:b".utf8).base64EncodedString())?.user == "a")
        #expect(SyncCredentials.basic("Bearer abc") == nil)
        #expect(SyncCredentials.basic("Basic not base64!") == nil)
        #expect(SyncCredentials.basic("Basic " + Data("no colon".utf8).base64EncodedString()) == nil)
    }
}
