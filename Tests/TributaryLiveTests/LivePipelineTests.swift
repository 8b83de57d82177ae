import Foundation
import Testing
import Tributary
import TributaryLive
import TributaryTesting

/// The live pipeline on a manual clock: partial digests, timer refreshes, holds and
/// refreshes on demand. The server answers at once (or when a test releases it); only
/// the clock says when timers fire.
@Suite(.timeLimit(.minutes(1))) struct LivePipelineTests {
    let clock = ManualClock()

    @Test func aDigestComesOutBeforeEverySourceHasAnsweredWithTheMissingOnesPending() async throws {
        let slow = Latch()
        let server = try await LocalHTTPServer.start { request in
            if request.path == "/b" { await slow.wait() }
            return .text(request.path == "/a" ? "a1\na2" : "b1")
        }
        let live = try livePipeline(
            #"{"id": "a", "type": "lines", "baseURL": "BASE", "refresh": "1m"},"#
                + #"{"id": "b", "type": "lines", "baseURL": "BASE", "refresh": "1m"}"#, server: server, clock: clock)
        let (digests, subscription) = Received.collecting(live.digests)
        let partial = try #require(
            await digests.first { $0.states == ["a=ok", "b=pending"] && $0.sources[1].isRefreshing })
        #expect(partial.digest.items.map(\.title).sorted() == ["a1", "a2"])
        #expect(partial.sources[1].refreshedAt == nil, "b has not answered")
        await slow.release()
        let whole = try #require(await digests.first { $0.states == ["a=ok", "b=ok"] })
        #expect(whole.digest.items.map(\.title).sorted() == ["a1", "a2", "b1"])
        subscription.cancel()
        await server.shutdown()
    }

    @Test func aSourceRefreshesWhenItsTimerComesDue() async throws {
        let fetches = Counter()
        let server = try await LocalHTTPServer.start { _ in
            await fetches.increment() == 1 ? .text("first") : .text("first\nsecond")
        }
        let live = try livePipeline(
            #"{"id": "a", "type": "lines", "baseURL": "BASE", "refresh": "1m"}"#, server: server, clock: clock)
        let (digests, subscription) = Received.collecting(live.digests)
        let first = try #require(await digests.first { $0.states == ["a=ok"] })
        #expect(first.sources[0].nextRefresh == clock.date.addingTimeInterval(60))
        #expect(await clock.whenSleeping(until: .seconds(60)), "the source's timer")
        clock.advance(by: .seconds(59))
        #expect(server.requests.count == 1, "not due yet")
        clock.advance(by: .seconds(1))
        let second = try #require(await digests.first { $0.digest.items.count == 2 })
        #expect(second.digest.items.map(\.title).sorted() == ["first", "second"])
        #expect(server.requests.count == 2)
        subscription.cancel()
        await server.shutdown()
    }

    @Test func aRetryAfterHoldDelaysTheNextRefresh() async throws {
        let fetches = Counter()
        let server = try await LocalHTTPServer.start { _ in
            await fetches.increment() == 1
                ? ServedResponse(status: 429, headers: ["Retry-After": "300"]) : .text("back")
        }
        let live = try livePipeline(
            #"{"id": "a", "type": "lines", "baseURL": "BASE", "refresh": "1m"}"#, server: server, clock: clock)
        let (digests, subscription) = Received.collecting(live.digests)
        let limited = try #require(await digests.first { $0.states == ["a=failed"] })
        #expect(limited.sources[0].nextRefresh == clock.date.addingTimeInterval(300))
        #expect(await clock.whenSleeping(until: .seconds(300)), "the source's timer, held")
        clock.advance(by: .seconds(299))
        #expect(server.requests.count == 1, "held by Retry-After: 300, not refreshed after 1m")
        clock.advance(by: .seconds(1))
        _ = try #require(await digests.first { $0.states == ["a=ok"] })
        #expect(server.requests.count == 2)
        subscription.cancel()
        await server.shutdown()
    }

    @Test func refreshingOneSourceOnDemandFetchesOnlyIt() async throws {
        let fetches = Counter()
        let server = try await LocalHTTPServer.start { request in
            guard request.path == "/a" else { return .text(request.path) }
            return await fetches.increment() > 1 ? .text("a1\na2") : .text(request.path)
        }
        let live = try livePipeline(
            #"{"id": "a", "type": "lines", "baseURL": "BASE", "refresh": "1m"},"#
                + #"{"id": "b", "type": "lines", "baseURL": "BASE", "refresh": "1m"}"#, server: server, clock: clock)
        let (digests, subscription) = Received.collecting(live.digests)
        _ = try #require(await digests.first { $0.states == ["a=ok", "b=ok"] })
        try await live.refresh("a")
        let refreshed = try #require(await digests.first { $0.digest.items.count == 3 })
        #expect(refreshed.digest.items.map(\.title).sorted() == ["/b", "a1", "a2"])
        #expect(server.requests.map(\.path).sorted() == ["/a", "/a", "/b"], "b was not asked again")
        await #expect(throws: TributaryError.self) { try await live.refresh("nope") }
        subscription.cancel()
        await server.shutdown()
    }
}
