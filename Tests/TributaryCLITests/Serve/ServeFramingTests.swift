import Foundation
import Testing
import TributaryTesting

/// No other site may frame `serve` (clickjacking): every response, the page's, the API's,
/// the event stream's and the refusals', says so in both headers browsers read.
@Suite(.serialized) struct ServeFramingTests {
    @Test func everyResponseForbidsFramingAndThePageKeepsItsPolicy() async throws {
        let (_, server, config, _) = try await StateRunTests.setUp()
        defer { Task { await server.shutdown() } }
        let serve = try await ServeHarness.start(config: config)
        let port = serve.base.port ?? 0
        let page = try await serve.send("/")
        let policy = page.headers["content-security-policy"] ?? ""
        #expect(page.headers["x-frame-options"] == "DENY")
        #expect(policy.hasSuffix("; frame-ancestors 'none'"), "\(policy)")
        #expect(
            policy.hasPrefix("default-src 'none'; script-src 'self' 'sha256-") && policy.contains("connect-src 'self'"),
            "the page's own policy, unescaped: \(policy)")
        let others = [
            try await serve.send("/api/digest"), try await serve.send("/healthz"), try await serve.send("/nowhere"),
            try await serve.send("/assets/live.js"), try await serve.send("/api/refresh", method: "POST"),
            try await serve.send("/api/digest", headers: ["Host": "attacker.example:\(port)"]),
        ]
        #expect(others.map(\.status) == [200, 200, 404, 200, 403, 421])
        for response in others {
            #expect(response.headers["x-frame-options"] == "DENY", "\(response.request.url)")
            #expect(response.headers["content-security-policy"] == "frame-ancestors 'none'", "\(response.request.url)")
        }
        let events = try RawConnection(port: port)
        try events.send("GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
        let head = try await offPool {
            events.read(within: .seconds(30)) { $0.range(of: Data("\r\n\r\n".utf8)) != nil }
        }
        let text = String(decoding: head.data, as: UTF8.self).lowercased()
        #expect(text.contains("x-frame-options: deny\r\n") && text.contains("frame-ancestors 'none'"), "\(text)")
        _ = try await serve.stop()
    }
}
