import Foundation
import Testing
import Tributary
import TributaryTesting
import TributaryTwitter
import TributaryNetwork

/// Runs the twitter entry through the real host (retry policy included), so "not
/// retryable" and "rate limited until" are checked where the user sees them.
@Suite struct TwitterHostTests {
    /// The run's time; never moved here, so "now" is its start.
    static let clock = ManualClock()

    func run(_ fixture: String, status: Int, headers: [String: String]) async throws -> (SourceStatus, LocalHTTPServer)
    {
        let server = try await serve(fixture, status: status, contentType: "application/problem+json", headers: headers)
        let registry = SourceRegistry([SourceType(TwitterSource.self)])
        let document = #"{"sources": [\#(entry(server))]}"#
        let config = try ConfigLoader(registry: registry, environment: ["TWITTER_BEARER_TOKEN": testToken]).load(
            Data(document.utf8))
        let http = HTTPClient(
            transport: CurlTransport(userAgent: HTTPClient.userAgent), timeout: .seconds(10), clock: Self.clock.runClock
        )
        let pipeline = DigestPipeline(
            config: config, registry: registry, http: http, reducer: DigestReducer(config: config),
            retry: RetryPolicy(maxAttempts: 3, backoff: Backoff(initial: .milliseconds(10), maximum: .milliseconds(20)))
        )
        let digest = try await pipeline.run()
        await server.shutdown()
        let status = try #require(digest.sources.first)
        #expect(!(status.message ?? "").contains(testToken))
        return (status, server)
    }

    @Test func usageCapFailsOnceWithoutRetries() async throws {
        let (status, server) = try await run(
            "429-usage-capped/body.json", status: 429, headers: ["x-rate-limit-remaining": "449"])
        #expect(status.state == .failed)
        #expect(status.errorCode == .permanent)
        #expect(status.message?.contains("not retryable") == true)
        #expect(server.requests.count == 1)
    }

    @Test func notEnrolledFailsOnceWithoutRetries() async throws {
        let (status, server) = try await run("403-client-not-enrolled/body.json", status: 403, headers: [:])
        #expect(status.errorCode == .permanent)
        #expect(server.requests.count == 1)
    }

    @Test func rateLimitStatusSaysUntilWhen() async throws {
        let reset = Self.clock.start.addingTimeInterval(900)
        let (status, server) = try await run(
            "429-rate-limit/body.json", status: 429,
            headers: ["x-rate-limit-remaining": "0", "x-rate-limit-reset": String(Int(reset.timeIntervalSince1970))]
        )
        #expect(status.errorCode == .rateLimited)
        #expect(
            status.message?.hasSuffix("rate limited until \(ClockTime.format(reset, now: Self.clock.start))") == true)
        #expect(server.requests.count == 1, "a reset 15 minutes away is past the deadline: no retry storm")
    }
}
