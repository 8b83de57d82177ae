import Foundation
import Testing
import Tributary
import TributaryLive
import TributaryTesting

/// The live path's deadline: an entry's `timeout`, else the run's (feeds.json's `timeout`
/// or `--timeout`, carried by the run's client), reaches each request, whose transfer
/// libcurl stops at it. The server holds its answer ten times longer than the deadline.
@Suite(.timeLimit(.minutes(1))) struct LiveTimeoutTests {
    let clock = ManualClock()

    func firstAnswer(_ entries: String, timeout: String? = nil) async throws -> SourceStatus {
        let server = try await LocalHTTPServer.start { _ in
            ServedResponse(body: Data("late".utf8), delay: .seconds(3))
        }
        defer { Task { await server.shutdown() } }
        let live = try livePipeline(entries, server: server, clock: clock, timeout: timeout)
        let (digests, subscription) = Received.collecting(live.digests)
        defer { subscription.cancel() }
        let answered = try #require(await digests.first { $0.digest.sources[0].state != .pending })
        return answered.digest.sources[0]
    }

    @Test func anEntrysTimeoutReachesTheRequest() async throws {
        let status = try await firstAnswer(
            #"{"id": "a", "type": "lines", "baseURL": "BASE", "timeout": "300ms"}"#, timeout: "60")
        #expect(status.errorCode == .timeout, "\(status.message ?? "")")
        #expect(status.message?.contains("timed out after 0.3 s waiting for 127.0.0.1") == true, "\(status)")
    }

    @Test func theRunsTimeoutReachesTheRequestOfAnEntryThatSetsNone() async throws {
        let status = try await firstAnswer(#"{"id": "a", "type": "lines", "baseURL": "BASE"}"#, timeout: #""300ms""#)
        #expect(status.errorCode == .timeout, "\(status.message ?? "")")
        #expect(status.message?.contains("timed out after 0.3 s waiting for 127.0.0.1") == true, "\(status)")
    }
}
