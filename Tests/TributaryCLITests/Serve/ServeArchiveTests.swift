import Foundation
import Testing
import Tributary
import TributaryTesting

/// `tributary serve`'s archive: `entryID` and `starred` in `/api/digest`, stars through
/// `POST /api/star` (guarded by the page's token), and `GET /api/archive` for "Unread only"
/// and the search box.
@Suite(.serialized) struct ServeArchiveTests {
    static func items(_ response: HTTPResponse) -> [[String: Any]] {
        ServeAPITests.json(response)["items"] as? [[String: Any]] ?? []
    }

    static func titles(_ response: HTTPResponse) -> [String] {
        items(response).compactMap { $0["title"] as? String }
    }

    @Test func theArchiveAnswersUnreadAndSearchesAndStarsAreKept() async throws {
        let setup = try await ArchiveRunTests.setUp()
        defer { Task { await setup.server.shutdown() } }
        _ = try await setup.digest()
        setup.feed.grow(by: 5)
        let serve = try await ServeHarness.start(config: setup.config)
        let token = try await serve.token()
        #expect(
            try await serve.send("/api/refresh", method: "POST", headers: ["X-Tributary-Token": token]).status == 200)
        let shown = Self.items(try await serve.send("/api/digest"))
        #expect(shown.count == 5 && shown.allSatisfy { $0["entryID"] is Int && $0["starred"] as? Bool == false })
        let unread = try await serve.send("/api/archive?unread=1")
        #expect(Self.titles(unread) == (1...10).reversed().map { "Post \($0)" }, "the window and what left it")
        #expect(Self.titles(try await serve.send("/api/archive?q=word2")) == ["Post 2"])
        let bad = try await serve.send("/api/archive?q=%22unclosed")
        #expect(bad.status == 400 && String(decoding: bad.body, as: UTF8.self).contains("is not a search query"))
        let id = try #require(shown.first?["entryID"] as? Int)
        let unguarded = try await serve.send("/api/star", method: "POST", body: #"{"ids": [\#(id)]}"#)
        #expect(unguarded.status == 403)
        let starred = try await serve.send(
            "/api/star", method: "POST", headers: ["X-Tributary-Token": token], body: #"{"ids": [\#(id), 999999]}"#)
        #expect(String(decoding: starred.body, as: UTF8.self) == "{\"changed\": 1, \"unknown\": [999999]}\n")
        let after = Self.items(try await serve.send("/api/digest"))
        #expect(after.first { $0["entryID"] as? Int == id }?["starred"] as? Bool == true)
        #expect(Self.items(try await serve.send("/api/archive?starred=1")).compactMap { $0["entryID"] as? Int } == [id])
        let malformed = try await serve.send(
            "/api/star", method: "POST", headers: ["X-Tributary-Token": token], body: #"{"ids": ["x"]}"#)
        #expect(malformed.status == 400)
        let script = String(decoding: try await serve.send("/assets/live.js").body, as: UTF8.self)
        #expect(script.contains("/api/star") && script.contains("/api/archive"), "the page's script asks both")
        _ = try await serve.stop()
    }
}
