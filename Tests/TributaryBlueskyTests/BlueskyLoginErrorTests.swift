import Foundation
import Testing
import Tributary
import TributaryBluesky
import TributaryTesting

/// Failed logins skip the source, saying what to configure, and never show the password.
@Suite struct BlueskyLoginErrorTests {
    @Test(arguments: [
        (
            "login-invalid",
            "failed (HTTP 401: AuthenticationRequired: Invalid identifier or password): "
                + "set \"identifier\""
        ),
        (
            "auth-factor-required",
            "asks for the sign-in code it emailed (HTTP 401: AuthFactorTokenRequired: "
                + "A sign in code has been sent to your email address): use an app password"
        ),
    ])
    func aRefusedLoginSkipsSayingWhatToConfigure(fixture: String, expected: String) async throws {
        let refusal = Fixture.response("\(fixture)/body.json", in: .module, status: 401)
        let pds = try await BlueskyLoginServer.start(logins: [refusal])
        let error = try #require(await pds.harness.failure(pds.entry()))
        await pds.server.shutdown()
        #expect(error.code == .skipped)
        #expect(error.message.hasPrefix("Bluesky login of \"ada.bsky.social\" "), "\(error.message)")
        #expect(error.message.contains(expected), "\(error.message)")
        #expect(error.message.contains("App passwords"))
        #expect(!error.description.contains(BlueskyLoginServer.password))
        #expect(pds.server.requests.count == 1, "no feed call after a failed login")
    }

    @Test func aRateLimitedLoginSkipsUntilTheReset() async throws {
        let reset = Int(Date().timeIntervalSince1970) + 600
        let limited = Fixture.response(
            "rate-limit-exceeded/body.json", in: .module, status: 429, headers: ["RateLimit-Reset": String(reset)]
        )
        let pds = try await BlueskyLoginServer.start(logins: [limited])
        let error = try #require(await pds.harness.failure(pds.entry()))
        await pds.server.shutdown()
        #expect(error.code == .skipped)
        #expect(error.retryAfter == Date(timeIntervalSince1970: TimeInterval(reset)))
        #expect(error.message.contains(#"limiting logins of "ada.bsky.social" (HTTP 429: RateLimitExceeded"#))
        #expect(error.message.contains("it allows 30 in 5 minutes and 100 a day per account; run again after"))
    }

    @Test func aLoginAnswerWithoutAnAccessTokenNeverQuotesTheBody() async throws {
        let refresh = "eyJhbGciOiJFUzI1NksifQ.refresh-only.signature-9"
        let odd = ServedResponse.text(
            #"{"refreshJwt": "\#(refresh)", "accessJwt": 42}"#, contentType: "application/json")
        let pds = try await BlueskyLoginServer.start(logins: [odd])
        let error = try #require(await pds.harness.failure(pds.entry()))
        await pds.server.shutdown()
        #expect(error.code == .badResponse)
        let expected = #"Bluesky's answer to the login of "ada.bsky.social" is not a session (no accessJwt)"#
        #expect(error.message == expected)
        #expect(!error.description.contains("refresh-only"))
    }

    @Test func anUnsetAppPasswordSkipsNamingTheVariable() throws {
        let harness = SourceHarness(SourceType(BlueskySource.self))
        let entry =
            #"{"id": "bs", "type": "bluesky", "mode": "search", "query": "swift", "#
            + #""identifier": "ada.bsky.social", "appPassword": "${BLUESKY_APP_PASSWORD}"}"#
        let error = #expect(throws: TributaryError.self) { try harness.source(entry) }
        #expect(error?.code == .skipped)
        let message = error?.message ?? ""
        #expect(message.contains("appPassword is not set; set BLUESKY_APP_PASSWORD"), "\(message)")
    }

    @Test(arguments: [
        (#""identifier": "ada.bsky.social""#, "sources[0].appPassword: required with \"identifier\""),
        (#""appPassword": "${BLUESKY_APP_PASSWORD}""#, "sources[0].identifier: required with \"appPassword\""),
        (
            #""identifier": "ada", "appPassword": "${BLUESKY_APP_PASSWORD}", "authServer": "http://pds.example.org""#,
            "sources[0].authServer: must be an https URL: the app password is never sent over plain http"
        ),
    ])
    func halfALoginOrAPlainHTTPAuthServerIsAConfigurationError(options: String, expected: String) throws {
        let harness = SourceHarness(SourceType(BlueskySource.self), environment: ["BLUESKY_APP_PASSWORD": "x-y-z-w"])
        let entry = #"{"id": "bs", "type": "bluesky", "actor": "swift.org", \#(options)}"#
        let error = #expect(throws: TributaryError.self) { try harness.source(entry) }
        #expect(error?.code == .invalidConfiguration)
        #expect(error?.message.contains(expected) == true, "\(String(describing: error))")
        #expect(error?.message.contains("x-y-z-w") == false)
    }
}
