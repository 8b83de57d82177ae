import Foundation
import Testing
import Tributary
import TributaryTesting

/// `tributary serve`'s API and its security, through the binary against a feed on 127.0.0.1.
@Suite(.serialized) struct ServeAPITests {
    static func json(_ response: HTTPResponse) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: response.body) as? [String: Any]) ?? [:]
    }

    @Test func theAPIServesTheDigestWithNewAndReadAndMarksItemsRead() async throws {
        let (_, server, config, _) = try await StateRunTests.setUp()
        defer { Task { await server.shutdown() } }
        let serve = try await ServeHarness.start(config: config)
        #expect(String(decoding: try await serve.send("/healthz").body, as: UTF8.self) == "ok\n")
        let token = try await serve.token()
        let refreshed = try await serve.send("/api/refresh", method: "POST", headers: ["X-Tributary-Token": token])
        #expect(refreshed.status == 200, "\(String(decoding: refreshed.body, as: UTF8.self))")
        let digest = Self.json(try await serve.send("/api/digest"))
        let items = digest["items"] as? [[String: Any]] ?? []
        #expect(items.compactMap { $0["title"] as? String }.sorted() == ["Post 1", "Post 2", "Post 3"])
        #expect(items.allSatisfy { $0["new"] as? Bool == true && $0["read"] as? Bool == false })
        let read = try await serve.send(
            "/api/read", method: "POST", headers: ["X-Tributary-Token": token],
            body: #"{"ids": ["g:https://example.org/1"]}"#)
        #expect(String(decoding: read.body, as: UTF8.self) == "{\"marked\": 1, \"unknown\": []}\n")
        let after = Self.json(try await serve.send("/api/digest"))["items"] as? [[String: Any]] ?? []
        #expect(after.filter { $0["read"] as? Bool == true }.compactMap { $0["title"] as? String } == ["Post 1"])
        let partly = try await serve.send(
            "/api/read", method: "POST", headers: ["X-Tributary-Token": token],
            body: #"{"ids": ["g:https://example.org/1", "g:nothing-like-it"], "read": false}"#)
        #expect(partly.status == 422, "an unknown id is named, as mark-read exits 1 naming it")
        #expect(
            String(decoding: partly.body, as: UTF8.self) == "{\"marked\": 1, \"unknown\": [\"g:nothing-like-it\"]}\n")
        let unread = Self.json(try await serve.send("/api/digest"))["items"] as? [[String: Any]] ?? []
        #expect(unread.allSatisfy { $0["read"] as? Bool == false }, "Post 1 is unread again")
        let sources =
            try JSONSerialization.jsonObject(with: try await serve.send("/api/sources").body) as? [[String: Any]]
        #expect(sources?.first?["status"] as? String == "ok" && sources?.first?["nextRefresh"] is String)
        let stopped = try await serve.stop()
        #expect(
            stopped.status == 143 && serve.errors.all.last == "tributary: terminated; stopped serving",
            "\(serve.errors.all)")
    }

    @Test func anotherHostGets421AndAPostWithoutTheTokenGets403() async throws {
        let (_, server, config, _) = try await StateRunTests.setUp()
        defer { Task { await server.shutdown() } }
        let serve = try await ServeHarness.start(config: config)
        let port = serve.base.port ?? 0
        let rebound = try await serve.send("/api/digest", headers: ["Host": "attacker.example:\(port)"])
        #expect(rebound.status == 421)
        #expect(try await serve.send("/api/digest", headers: ["Host": "localhost:\(port)"]).status == 200)
        #expect(try await serve.send("/api/refresh", method: "POST").status == 403)
        let wrong = try await serve.send(
            "/api/read", method: "POST", headers: ["X-Tributary-Token": "guess"], body: "{}")
        #expect(wrong.status == 403)
        let page = String(decoding: try await serve.send("/").body, as: UTF8.self)
        #expect(page.contains("default-src &#39;none&#39;"), "the report's policy is kept")
        #expect(page.contains("connect-src 'self'") && !page.contains("unsafe-inline"))
        _ = try await serve.stop()
    }
}
