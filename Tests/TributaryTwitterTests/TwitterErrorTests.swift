import Foundation
import Testing
import Tributary
import TributaryTesting
import TributaryTwitter

@Suite struct TwitterErrorTests {
    /// The run's time; never moved here, so "now" is its start.
    static let clock = ManualClock()
    let harness = SourceHarness(
        SourceType(TwitterSource.self), environment: ["TWITTER_BEARER_TOKEN": testToken], clock: clock.runClock)

    func failure(_ fixture: String, status: Int, headers: [String: String] = [:], extra: String = "") async throws -> (
        TributaryError, LocalHTTPServer
    ) {
        let server = try await serve(fixture, status: status, contentType: "application/problem+json", headers: headers)
        let error = try #require(await harness.failure(entry(server, extra: extra)))
        await server.shutdown()
        #expect(!error.description.contains(testToken) && !error.description.contains("AAAAAAAA"))
        return (error, server)
    }

    @Test func unauthorizedIsAccessDeniedAndPermanent() async throws {
        let (error, server) = try await failure("401-unauthorized/body.json", status: 401)
        #expect(error.code == .permanent)
        #expect(
            error.message
                == "access denied: the bearer token was refused (HTTP 401: Unauthorized); check TWITTER_BEARER_TOKEN")
        #expect(server.requests.count == 1)
    }

    @Test func clientNotEnrolledExplainsThePaidAppRequirement() async throws {
        let (error, server) = try await failure("403-client-not-enrolled/body.json", status: 403)
        #expect(error.code == .permanent)
        #expect(!error.isTransient)
        #expect(
            error.message.hasPrefix(
                "X refused this app search access (HTTP 403: Client Forbidden: When authenticating requests"))
        #expect(
            error.message.contains("search needs a paid X developer app attached to a Project (pay-per-use credits)"))
        #expect(server.requests.count == 1)
    }

    @Test func rateLimitWaitsUntilTheResetHeader() async throws {
        let reset = Int(Self.clock.start.timeIntervalSince1970) + 600
        let (error, server) = try await failure(
            "429-rate-limit/body.json", status: 429,
            headers: ["x-rate-limit-limit": "450", "x-rate-limit-remaining": "0", "x-rate-limit-reset": String(reset)]
        )
        let until = Date(timeIntervalSince1970: TimeInterval(reset))
        #expect(error.code == .rateLimited)
        #expect(error.retryAfter == until)
        #expect(
            error.message
                == "X is rate limiting this app's searches (HTTP 429: Too Many Requests); rate limited until "
                + "\(ClockTime.format(until, now: Self.clock.start))"
        )
        #expect(server.requests.count == 1)
    }

    @Test func usageCapIsNotRetryableEvenWithRequestsLeft() async throws {
        let reset = Int(Self.clock.start.timeIntervalSince1970) + 600
        let (error, server) = try await failure(
            "429-usage-capped/body.json", status: 429,
            headers: ["x-rate-limit-remaining": "449", "x-rate-limit-reset": String(reset)]
        )
        #expect(error.code == .permanent)
        #expect(!error.isTransient)
        #expect(error.retryAfter == nil)
        #expect(
            error.message.hasPrefix(
                """
                X usage cap reached (HTTP 429: UsageCapExceeded: Usage cap exceeded: Monthly product cap): not \
                retryable
                """
            ))
        #expect(server.requests.count == 1)
    }

    @Test func v1RateLimitCode88IsRateLimited() async throws {
        let reset = Int(Self.clock.start.timeIntervalSince1970) + 120
        let (error, _) = try await failure(
            "v1.1-errors-rate-limit/body.json", status: 429, headers: ["x-rate-limit-reset": String(reset)],
            extra: #", "api": "v1.1""#
        )
        #expect(error.code == .rateLimited)
        #expect(error.retryAfter == Date(timeIntervalSince1970: TimeInterval(reset)))
        #expect(error.message.contains("Rate limit exceeded (code 88)"))
    }

    @Test func htmlInsteadOfJSONIsABadResponse() async throws {
        let server = try await LocalHTTPServer.start { _ in
            .text("<html><body>Something went wrong</body></html>", contentType: "text/html")
        }
        defer { Task { await server.shutdown() } }
        let error = try #require(await harness.failure(entry(server)))
        #expect(error.code == .badResponse)
        #expect(error.message.hasPrefix("X sent something that is not its search JSON (text/html)"))
    }
}
