import Foundation
import Testing
import TributaryTesting

/// `serve` closes connections that make no progress, with the timeouts shortened by its
/// options: half-open connections (nothing sent, half a request line, a byte now and
/// then), a body that never comes, and an idle kept-alive connection; an event stream
/// outlives the idle timeout.
@Suite(.serialized) struct ServeTimeoutTests {
    static let short = ["--header-timeout", "1s", "--body-timeout", "1s", "--idle-timeout", "2s"]

    @Test func fourHundredHalfOpenConnectionsAreClosedAfterTheHeaderTimeout() async throws {
        let (_, server, config, _) = try await StateRunTests.setUp()
        defer { Task { await server.shutdown() } }
        let serve = try await ServeHarness.start(config: config, extra: Self.short)
        let port = serve.base.port ?? 0
        let silent = try (1...200).map { _ in try RawConnection(port: port) }
        let partial = try (1...200).map { _ in try RawConnection(port: port) }
        for connection in partial { try connection.send("GET /api/dig") }
        let deadline = ContinuousClock.now + .seconds(60)
        let closed = try await offPool {
            (silent + partial).filter { $0.readToEnd(within: deadline - ContinuousClock.now).closed }
        }
        #expect(closed.count == 400, "\(closed.count) of 400 half-open connections closed")
        let trickle = try RawConnection(port: port)
        let trickleClosed = try await offPool {
            for byte
                in "GET /api/digest HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
            {
                guard (try? trickle.send(String(byte))) != nil else { return true }
                if trickle.read(within: .milliseconds(200), until: { _ in false }).closed { return true }
            }
            return false
        }
        #expect(trickleClosed, "a byte every 200 ms does not move the header deadline")
        #expect(try await serve.send("/healthz").status == 200, "whole requests are still answered")
        _ = try await serve.stop()
    }

    @Test func aMissingBodyAndAnIdleConnectionAreClosedButAnEventStreamIsNot() async throws {
        let (_, server, config, _) = try await StateRunTests.setUp()
        defer { Task { await server.shutdown() } }
        let serve = try await ServeHarness.start(config: config, extra: Self.short)
        let port = serve.base.port ?? 0
        let events = try RawConnection(port: port)
        try events.send("GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
        let first = try await offPool {
            events.read(within: .seconds(30)) { String(decoding: $0, as: UTF8.self).contains("event: digest") }
        }
        #expect(!first.closed)
        let body = try RawConnection(port: port)
        try body.send("POST /api/read HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Length: 100\r\n\r\n{\"ids\"")
        let idle = try RawConnection(port: port)
        try idle.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
        let idleAnswer = try await offPool { idle.readToEnd(within: .seconds(60)) }
        #expect(idleAnswer.closed && String(decoding: idleAnswer.data, as: UTF8.self).hasSuffix("ok\n"))
        #expect(try await offPool { body.readToEnd(within: .seconds(60)).closed }, "a body that never comes")
        #expect(try await serve.refresh() == 200)
        let later = try await offPool {
            events.read(within: .seconds(30)) { String(decoding: $0, as: UTF8.self).contains("event: refresh") }
        }
        #expect(!later.closed && !later.data.isEmpty, "the event stream, older than the idle timeout, still runs")
        _ = try await serve.stop()
    }

    @Test func aTimeoutThatIsNotADurationIsAUsageError() async throws {
        let result = try await TributaryBinary.run(["serve", "--no-state", "--port", "0", "--idle-timeout", "forever"])
        #expect(result.status == 64)
        #expect(
            result.stderr.contains("--idle-timeout forever: expected seconds (10) or a duration"), "\(result.stderr)")
    }
}
