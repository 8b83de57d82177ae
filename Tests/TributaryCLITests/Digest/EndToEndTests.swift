import Foundation
import Testing
import TributaryTesting

@Suite struct EndToEndTests {
    struct DigestJSON: Decodable {
        struct Source: Decodable {
            let id: String
            let type: String
            let status: String
            let message: String?
            let itemCount: Int
        }

        struct Item: Decodable {
            let id: String
            let source: String
            let type: String
            let kind: String
            let title: String
            let url: String?
            let published: String?
        }

        let title: String
        let generatedAt: String
        let sources: [Source]
        let items: [Item]
    }

    @Test func shippedConfigReplaysOfflineWithItemsFromEverySource() async throws {
        let result = try await TributaryBinary.run(["digest", "--replay", "Recordings", "--format", "json"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let digest = try JSONDecoder().decode(DigestJSON.self, from: Data(result.stdout.utf8))
        let config =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: TributaryBinary.root.appendingPathComponent("feeds.json"))) as? [String: Any]
        let ids = (config?["sources"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        #expect(digest.sources.map(\.id) == ids)
        for source in digest.sources {
            #expect(source.status == "ok", "\(source.id): \(source.message ?? "")")
            #expect(digest.items.contains { $0.source == source.id }, "no items from \(source.id)")
        }
        #expect(
            Set(digest.items.compactMap(\.url)).count == digest.items.filter { $0.url != nil }.count,
            "items are de-duplicated by URL")
        #expect(result.stderr.contains("✓ so-swift"), "progress goes to stderr")
    }

    /// The README's "run the first command twice": the second replay finds every recording
    /// (no source asks for what is newer than its stored cursor) and shows nothing new.
    @Test func theOfflineDemoRunTwiceOnOneStoreSucceedsWithNothingNew() async throws {
        let state = Scratch.folder.appendingPathComponent("demo-state-\(UUID().uuidString).sqlite").path
        let arguments = ["digest", "--replay", "Recordings", "--state", state, "--format", "json"]
        let first = try await TributaryBinary.run(arguments)
        #expect(first.status == 0, "stderr: \(first.stderr)")
        let second = try await TributaryBinary.run(arguments)
        #expect(second.status == 0, "stderr: \(second.stderr)")
        #expect(!second.stderr.contains("✗"), "every source replays again: \(second.stderr)")
        struct Marked: Decodable {
            struct Item: Decodable { let new: Bool }
            let items: [Item]
        }
        let items = try JSONDecoder().decode(Marked.self, from: Data(second.stdout.utf8)).items
        #expect(!items.isEmpty)
        #expect(items.allSatisfy { !$0.new }, "the first run showed them all")
    }

    @Test func textDigestHasNoEscapeSequencesWhenNotATerminal() async throws {
        let result = try await TributaryBinary.run(
            ["digest", "--replay", "Recordings", "--width", "80"], environment: ["NO_COLOR": ""])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Morning digest"))
        #expect(!result.stdout.contains("\u{1B}["))
        #expect(
            result.stdout.split(separator: "\n").allSatisfy {
                $0.count <= 80 || $0.drop { $0 == " " }.hasPrefix("http")
            })
    }

    @Test func aMisspelledKeyExitsWithTheConfigurationCodeNamingEntryKeyAndFix() async throws {
        let config = try TributaryBinary.config(
            #"{"sources": [{"id": "so", "type": "stackoverflow", "tgas": ["swift"]}]}"#)
        let result = try await TributaryBinary.run(["digest", "--config", config.path])
        #expect(result.status == 3)
        #expect(result.stderr.contains(#"sources[0].tgas: unknown key; did you mean "tags"?"#))
        #expect(result.stdout.isEmpty)
        let validate = try await TributaryBinary.run(["validate", "--config", config.path])
        #expect(validate.status == 3)
    }

    @Test func anUnreachableSourceFailsAloneWithThePartialFailureCode() async throws {
        let body = Data(
            (#"{"items": [{"question_id": 1, "title": "Reachable", "link": "https://stackoverflow.com/q/1", "#
                + #""creation_date": 1795300000}]}"#)
                .utf8)
        let server = try await LocalHTTPServer.start { _ in .body(body, contentType: "application/json") }
        let config = try TributaryBinary.config(
            """
            {"sources": [
              {"id": "up", "type": "stackoverflow", "baseURL": "\(server.baseURL)"},
              {"id": "down", "type": "stackoverflow", "baseURL": "http://127.0.0.1:9"}
            ]}
            """)
        let result = try await TributaryBinary.run(["digest", "--config", config.path, "--format", "json"])
        await server.shutdown()
        #expect(result.status == 1, "stderr: \(result.stderr)")
        let digest = try JSONDecoder().decode(DigestJSON.self, from: Data(result.stdout.utf8))
        #expect(digest.items.map(\.title) == ["Reachable"])
        let down = try #require(digest.sources.first { $0.id == "down" })
        #expect(down.status == "failed")
        #expect(down.message?.contains("cannot connect to 127.0.0.1:9") == true, "\(down.message ?? "")")
    }

    @Test func sourcesListsEveryTypeWithItsOptions() async throws {
        let result = try await TributaryBinary.run(["sources"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("stackoverflow: "))
        #expect(result.stdout.contains("    tags ("))
    }

    @Test func everyCommandHasHelp() async throws {
        for command in [[], ["digest"], ["sources"], ["validate"]] {
            let result = try await TributaryBinary.run(command + ["--help"])
            #expect(result.status == 0)
            #expect(result.stdout.contains("USAGE"))
        }
        let digestHelp = try await TributaryBinary.run(["digest", "--help"])
        #expect(digestHelp.stdout.contains("Exit codes"))
    }
}
