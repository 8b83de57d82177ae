import Foundation
import Testing
import TributaryTesting

/// Which host a request is for, as RFC 9112 §3.2 says a server must read it, sent as raw
/// bytes over TCP: more than one `Host` line is refused with 400, and an absolute-form
/// target's authority is what the Host check judges, whatever `Host` says (§3.2.2).
@Suite(.serialized) struct ServeHostTests {
    /// The status code of the answer to `request`, sent on a connection of its own.
    static func status(_ request: String, port: Int) async throws -> Int? {
        let connection = try RawConnection(port: port)
        let answer = try await offPool { try connection.exchange(request) }
        return answer.split(separator: " ", maxSplits: 2).dropFirst().first.flatMap { Int($0) }
    }

    @Test func twoHostLinesGet400AndAnAbsoluteTargetIsJudgedByItsAuthority() async throws {
        let (_, server, config, _) = try await StateRunTests.setUp()
        defer { Task { await server.shutdown() } }
        let serve = try await ServeHarness.start(config: config)
        let port = serve.base.port ?? 0
        let own = "127.0.0.1:\(port)"
        let close = "Connection: close\r\n\r\n"
        #expect(try await Self.status("GET /api/digest HTTP/1.1\r\nHost: \(own)\r\n\(close)", port: port) == 200)
        #expect(
            try await Self.status(
                "GET /api/digest HTTP/1.1\r\nHost: \(own)\r\nHost: attacker.example\r\n\(close)", port: port)
                == 400, "the first Host line used to decide")
        #expect(
            try await Self.status("GET /api/digest HTTP/1.1\r\nHost: \(own)\r\nHost: \(own)\r\n\(close)", port: port)
                == 400)
        #expect(
            try await Self.status(
                "GET http://attacker.example:\(port)/api/digest HTTP/1.1\r\nHost: \(own)\r\n\(close)", port: port)
                == 421, "the target's authority is judged, not Host")
        #expect(
            try await Self.status(
                "GET http://\(own)/healthz HTTP/1.1\r\nHost: attacker.example\r\n\(close)", port: port)
                == 200, "Host is ignored for an absolute-form target")
        #expect(
            try await Self.status(
                "GET http://\(own)/healthz HTTP/1.1\r\nHost: \(own)\r\nHost: \(own)\r\n\(close)", port: port) == 400)
        _ = try await serve.stop()
    }
}
