import Foundation
import Testing
@testable import Tributary
import TributaryTesting
import TributaryNetwork

/// The network transport's politeness: at most `maxConnectionsPerHost` requests to one
/// host and `maxConnections` in all, counted by the servers themselves.
@Suite struct ConnectionLimitTests {
    /// Counts the requests a server is answering at once, and the most it ever answered.
    final class InFlight: @unchecked Sendable {
        private let lock = NSLock()
        private var now = 0
        private(set) var peak = 0

        func answer(after delay: Duration) async -> ServedResponse {
            lock.withLock {
                now += 1
                peak = max(peak, now)
            }
            try? await Task.sleep(for: delay)
            lock.withLock { now -= 1 }
            return .text("ok")
        }

        var highest: Int { lock.withLock { peak } }
    }

    static func send(_ count: Int, to servers: [LocalHTTPServer], through client: HTTPClient) async throws -> [Int] {
        try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<count {
                let server = servers[index % servers.count]
                group.addTask {
                    try await client.send(HTTPRequest(url: server.baseURL.appendingPathComponent("item\(index)")))
                        .status
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }

    @Test func fiftyRequestsToOneHostUseAtMostFourConnectionsAtOnce() async throws {
        let counter = InFlight()
        let server = try await LocalHTTPServer.start { _ in await counter.answer(after: .milliseconds(50)) }
        let client = HTTPClient(
            transport: CurlTransport(maxConnections: 32, maxConnectionsPerHost: 4, userAgent: "test"))
        let statuses = try await Self.send(50, to: [server], through: client)
        #expect(statuses == Array(repeating: 200, count: 50))
        #expect(counter.highest == 4, "at most 4 at once, and the 4 are used")
        await server.shutdown()
    }

    @Test func theTotalLimitHoldsAcrossHosts() async throws {
        let counter = InFlight()
        let first = try await LocalHTTPServer.start { _ in await counter.answer(after: .milliseconds(50)) }
        let second = try await LocalHTTPServer.start { _ in await counter.answer(after: .milliseconds(50)) }
        let client = HTTPClient(
            transport: CurlTransport(maxConnections: 3, maxConnectionsPerHost: 4, userAgent: "test"))
        _ = try await Self.send(20, to: [first, second], through: client)
        #expect(counter.highest == 3)
        await first.shutdown()
        await second.shutdown()
    }

    /// Waiting for a slot does not eat into a request's deadline: behind a 2.5 s answer on the
    /// only connection, a request with a 1.5 s deadline waits longer than its deadline, then
    /// gets its own (immediate) answer. The 2.5 s is a deliberate server-side delay.
    @Test func theDeadlineStartsWhenTheRequestStarts() async throws {
        let server = try await LocalHTTPServer.start { request in
            request.path == "/slow"
                ? ServedResponse(body: Data("slow".utf8), delay: .milliseconds(2500)) : .text("queued")
        }
        let patient = HTTPClient(
            transport: CurlTransport(maxConnections: 1, maxConnectionsPerHost: 1, userAgent: "test"),
            timeout: .seconds(60))
        let hasty = patient.with(deadline: .milliseconds(1500))
        let started = ContinuousClock.now
        async let slow = patient.send(HTTPRequest(url: server.baseURL.appendingPathComponent("slow")))
        await yieldUntil { !server.requests.isEmpty }  // the slow answer holds the only connection
        let queued = try await hasty.send(HTTPRequest(url: server.baseURL.appendingPathComponent("queued")))
        #expect(queued.status == 200, "answered, though it waited past its 1.5 s deadline for the connection")
        #expect(ContinuousClock.now - started >= .milliseconds(2500), "it waited for the slow answer")
        #expect(try await slow.status == 200)
        #expect(server.requests.map(\.path) == ["/slow", "/queued"])
        await server.shutdown()
    }
}
