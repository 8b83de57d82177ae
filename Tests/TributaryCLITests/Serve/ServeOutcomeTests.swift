import Foundation
import Testing
import TributaryTesting

/// What `serve` leaves in the state store for the other commands: each source's last
/// refresh for `state` and `list`, and unread counts per source in `/api/sources`.
@Suite(.serialized) struct ServeOutcomeTests {
    @Test func stateAndListTellHowServesRefreshesWentAndWhatIsUnread() async throws {
        let fixture = try await SyncFixture.start(syncUser: nil)
        try await fixture.refresh()
        let sources = try JSONSerialization.jsonObject(with: try await fixture.serve.send("/api/sources").body)
        let unread = Dictionary(
            uniqueKeysWithValues: MinifluxAPITests.objects(sources).compactMap { source in
                (source["id"] as? String).map { ($0, source["unread"] as? Int ?? -1) }
            })
        #expect(unread == ["w": 5, "b": 2], "\(sources)")
        let id = try #require(
            ServeArchiveTests.items(try await fixture.serve.send("/api/digest")).first?["id"] as? String)
        let token = try await fixture.serve.token()
        _ = try await fixture.serve.send(
            "/api/read", method: "POST", headers: ["X-Tributary-Token": token], body: #"{"ids": ["\#(id)"]}"#)
        try await fixture.stop()

        let state = fixture.config.deletingLastPathComponent().appendingPathComponent("state.sqlite").path
        let shown = try await TributaryBinary.run(["state", "--config", fixture.config.path, "--state", state])
        #expect(shown.status == 0 && !shown.stdout.contains("no runs"), "\(shown.stdout)")
        #expect(shown.stdout.contains("w: last run ") && shown.stdout.contains("· 4 unread"), "\(shown.stdout)")
        #expect(shown.stdout.contains("b: last run ") && shown.stdout.contains("· 2 unread"), "\(shown.stdout)")
        let list = try await TributaryBinary.run(["list", "--config", fixture.config.path, "--state", state])
        #expect(list.stdout.contains("\t4 unread\tok ") && list.stdout.contains("\t2 unread\tok "), "\(list.stdout)")
    }
}
