import Foundation
import Testing
import Tributary
import TributaryTesting
import TributaryNetwork

/// Deadlines, retries, `Retry-After` and holds run on the run's clock: a manual one here,
/// moved by the test, with no sleeping and no wall-clock bounds. The servers answer at
/// once (or never); only the manual clock says when waits end.
@Suite(.timeLimit(.minutes(1))) struct HostTimingTests {
    let clock = ManualClock()

    func pipeline(_ server: LocalHTTPServer, timeout: String = "1000", snapshots: (any SnapshotKeeper)? = nil) throws
        -> DigestPipeline
    {
        let registry = SourceRegistry([SourceType(PipelineSource.self)])
        let json =
            #"{"timeout": \#(timeout), "sources": [{"id": "s", "type": "lines", "baseURL": "\#(server.baseURL)"}]}"#
        let config = try ConfigLoader(registry: registry, environment: [:]).load(Data(json.utf8))
        let http = HTTPClient(
            transport: CurlTransport(userAgent: "test"), timeout: config.timeout, clock: clock.runClock)
        // 10 s, then 20 s: the maximum is raised past the default 8 s, which would cap both.
        let backoff = Backoff(initial: .seconds(10), maximum: .seconds(60), jitter: 0)
        return DigestPipeline(
            config: config, registry: registry, http: http, reducer: DigestReducer(config: config),
            retry: RetryPolicy(maxAttempts: 3, backoff: backoff), snapshots: snapshots)
    }

    @Test func retriesWaitTheBackoffOnTheRunsClock() async throws {
        let attempts = Counter()
        let server = try await LocalHTTPServer.start { _ in
            await attempts.increment() < 3 ? .text("busy", status: 503) : .text("done")
        }
        let run = Task { try await pipeline(server).run() }
        #expect(await clock.whenSleeping(until: .seconds(10)), "the first backoff")
        #expect(clock.wakeTimes == [.seconds(10), .seconds(1500)], "the first backoff, and the source's deadline")
        clock.advance(by: .seconds(9))
        #expect(server.requests.count == 1, "still waiting: 10 s have not passed")
        clock.advance(by: .seconds(1))
        #expect(await clock.whenSleeping(until: .seconds(30)), "the second backoff")
        #expect(clock.wakeTimes == [.seconds(30), .seconds(1500)], "the second backoff, 20 s from the retry")
        #expect(server.requests.count == 2)
        clock.advance(by: .seconds(20))
        let digest = try await run.value
        #expect(digest.items.map(\.title) == ["done"])
        #expect(server.requests.count == 3)
        #expect(digest.generatedAt == clock.start.addingTimeInterval(30))
    }

    @Test func retryAfterIsHonouredOnTheRunsClock() async throws {
        let attempts = Counter()
        let server = try await LocalHTTPServer.start { _ in
            await attempts.increment() == 1
                ? ServedResponse(status: 503, headers: ["Retry-After": "120"]) : .text("back")
        }
        let run = Task { try await pipeline(server).run() }
        #expect(await clock.whenSleeping(until: .seconds(120)), "the Retry-After wait")
        clock.advance(by: .seconds(119))
        #expect(server.requests.count == 1, "Retry-After: 120, not the 10 s backoff")
        clock.advance(by: .seconds(1))
        #expect(try await run.value.items.map(\.title) == ["back"])
    }

    @Test func aSilentServerFailsTheSourceAtItsDeadline() async throws {
        let server = try await LocalHTTPServer.start { _ in
            ServedResponse(body: Data("never".utf8), delay: .seconds(3600))
        }
        let run = Task { try await pipeline(server, timeout: "100").run() }
        #expect(await clock.whenSleeping(until: .seconds(150)), "the source's deadline: 1.5 × 100 s")
        clock.advance(by: .seconds(149))
        #expect(clock.sleeperCount == 1, "not yet")
        clock.advance(by: .seconds(1))
        let digest = try await run.value
        #expect(digest.sources[0].state == .failed)
        #expect(digest.sources[0].message == "timed out after 150 s")
    }

    @Test func aStaleSnapshotSaysWhenItWasTakenOnTheRunsClock() async throws {
        let healthy = Counter()
        let server = try await LocalHTTPServer.start { _ in
            await healthy.increment() == 1 ? .text("kept") : .text("gone", status: 404)
        }
        let store = MemorySnapshots()
        _ = try await pipeline(server, snapshots: store).run()
        clock.advance(by: .seconds(3 * 3600))
        let digest = try await pipeline(server, snapshots: store).run()
        #expect(digest.items.map(\.title) == ["kept"])
        let taken = ClockTime.format(clock.start, now: clock.date)
        #expect(
            digest.sources[0].message?.hasPrefix("stale since \(taken): ") == true, "\(digest.sources[0].message ?? "")"
        )
    }

    @Test func aHoldIsWaitedOutOnTheRunsClock() async throws {
        let server = try await LocalHTTPServer.start { _ in .text("ok") }
        let http = HTTPClient(
            transport: CurlTransport(userAgent: "test"), timeout: .seconds(600), clock: clock.runClock)
        let request = HTTPRequest(url: server.baseURL.appendingPathComponent("x"), rateLimitKey: "api")
        await http.hold("api", until: clock.date.addingTimeInterval(300))
        let sent = Task { try await http.send(request) }
        #expect(await clock.whenSleeping(until: .seconds(300)), "the hold")
        #expect(server.requests.isEmpty)
        clock.advance(by: .seconds(300))
        #expect(try await sent.value.status == 200)
        #expect(try await sent.value.receivedAt == clock.start.addingTimeInterval(300))
    }

    @Test func aHoldLongerThanTheDeadlineFailsAtOnceNamingTheTime() async throws {
        let server = try await LocalHTTPServer.start { _ in .text("ok") }
        let http = HTTPClient(transport: CurlTransport(userAgent: "test"), timeout: .seconds(30), clock: clock.runClock)
        await http.hold("api", until: clock.date.addingTimeInterval(3600))
        let request = HTTPRequest(url: server.baseURL.appendingPathComponent("x"), rateLimitKey: "api")
        await #expect(throws: TributaryError.self) { try await http.send(request) }
        #expect(server.requests.isEmpty)
    }
}
