import Foundation
import Testing
import Tributary
import TributaryTesting

@Suite struct MastodonErrorTests {
    @Test func aTimelineBehindLoginSkipsSayingWhatToSet() async throws {
        let run = try await MastodonFixtureRun.serving("login-required", status: 401)
        let error = try #require(await run.harness.failure(run.entry(#", "mode": "public""#)))
        #expect(error.code == .skipped)
        #expect(
            error.message.contains(
                "keeps this timeline behind login (HTTP 401: This method requires an authenticated user)"))
        #expect(error.message.contains("set MASTODON_TOKEN"))
        await run.server.shutdown()
    }

    @Test func aRefusedTokenSkipsSayingSo() async throws {
        let run = try await MastodonFixtureRun.serving("invalid-token", status: 401)
        let error = try #require(await run.harness.failure(run.entry(#", "accessToken": "${MASTODON_TOKEN}""#)))
        #expect(error.code == .skipped)
        #expect(error.message.contains("refused the access token (HTTP 401: The access token is invalid)"))
        await run.server.shutdown()
    }

    @Test func forbiddenWithoutATokenAlsoNeedsLogin() async throws {
        let run = try await MastodonFixtureRun.serving("login-required", status: 403)
        let error = try #require(await run.harness.failure(run.entry()))
        #expect(error.code == .skipped)
        await run.server.shutdown()
    }

    @Test(arguments: [404, 410])
    func missingThingsArePermanent(status: Int) async throws {
        let run = try await MastodonFixtureRun.serving("record-not-found", status: status)
        let error = try #require(await run.harness.failure(run.entry()))
        #expect(error.code == .permanent)
        #expect(error.message.contains("(HTTP \(status): Record not found)"))
        await run.server.shutdown()
    }

    @Test func anUnknownAccountIsNamed() async throws {
        let run = try await MastodonFixtureRun.serving("record-not-found", status: 404)
        let error = try #require(await run.harness.failure(run.entry(#", "mode": "account", "account": "nobody""#)))
        #expect(error.code == .permanent)
        #expect(error.message.hasSuffix("knows no account @nobody (HTTP 404: Record not found); check \"account\""))
        await run.server.shutdown()
    }

    @Test func validationFailuresArePermanentAndQuoted() async throws {
        let run = try await MastodonFixtureRun.serving("validation-failed", status: 422)
        let error = try #require(await run.harness.failure(run.entry()))
        #expect(error.code == .permanent)
        #expect(
            error.message.contains(
                "rejected the request (HTTP 422: Validation failed: Limit must be less than or equal to 40)"))
        await run.server.shutdown()
    }

    @Test func http429IsRateLimitingUntilTheRateLimitReset() async throws {
        let reset = Date().addingTimeInterval(300)
        let headers = [
            "X-RateLimit-Limit": "300", "X-RateLimit-Remaining": "0", "X-RateLimit-Reset": ISO8601Date.format(reset),
        ]
        let run = try await MastodonFixtureRun.serving("too-many-requests", status: 429, headers: headers)
        let error = try #require(await run.harness.failure(run.entry()))
        #expect(error.code == .rateLimited)
        #expect(error.message.contains("HTTP 429: Too many requests"))
        #expect(abs(try #require(error.retryAfter).timeIntervalSince(reset)) < 1)
        await run.server.shutdown()
    }

    @Test func retryAfterWinsOverTheReset() async throws {
        let headers = ["Retry-After": "30", "X-RateLimit-Reset": ISO8601Date.format(Date().addingTimeInterval(300))]
        let run = try await MastodonFixtureRun.serving("too-many-requests", status: 429, headers: headers)
        let wait = try #require(await run.harness.failure(run.entry())?.retryAfter).timeIntervalSinceNow
        #expect(wait > 20 && wait <= 30)
        await run.server.shutdown()
    }

    @Test func lowRemainingRequestsAreNotedAndShownInVerbose() async throws {
        let headers = [
            "X-RateLimit-Limit": "300", "X-RateLimit-Remaining": "12", "X-RateLimit-Reset": "2026-11-22T05:15:00.000Z",
        ]
        let run = try await MastodonFixtureRun.serving("html-content", headers: headers)
        let update = try #require(try await run.harness.updates(run.entry()).last)
        #expect(update.notes.contains { $0.hasPrefix("rate limit low: 12/300 requests left, resets at") })
        #expect(update.diagnostics.contains { $0.hasPrefix("rate limit: 12/300 requests left") })
        await run.server.shutdown()
    }
}
