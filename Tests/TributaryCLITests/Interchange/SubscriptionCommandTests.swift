import Foundation
import Testing

/// `list`, `remove`, `enable` and `disable` as a person uses them: feeds.json is edited in
/// place, comments and order kept, the old file kept beside it, wrong ids refused.
@Suite struct SubscriptionCommandTests {
    static let original = """
        {
          // what I follow
          "title": "Mine",
          "sources": [
            {"id": "a", "type": "feed", "url": "https://example.org/a.xml"},  // the first one
            {
              "id": "b",
              "type": "feed",
              "url": "https://example.org/b.xml",
              "tags": ["x"]
            },
            {"id": "c", "type": "feed", "url": "https://example.org/c.xml", "enabled": true}
          ]
        }

        """

    static func run(_ arguments: [String], on config: URL) async throws -> TributaryBinary.Result {
        try await TributaryBinary.run(arguments + ["--config", config.path])
    }

    static func text(_ config: URL) throws -> String { try String(contentsOf: config, encoding: .utf8) }

    @Test func disableThenEnableChangesOnlyTheEnabledValues() async throws {
        let config = try TributaryBinary.config(Self.original)
        let disabled = try await Self.run(["disable", "b", "c"], on: config)
        #expect(disabled.status == 0, "\(disabled.stderr)")
        let text = try Self.text(config)
        #expect(text.contains("    {\n      \"enabled\": false,\n      \"id\": \"b\","), "\(text)")
        #expect(text.contains(#""url": "https://example.org/c.xml", "enabled": false}"#))
        #expect(text.contains("// what I follow") && text.contains("// the first one"))
        let list = try await Self.run(["list"], on: config)
        let states = list.stdout.split(separator: "\n").map {
            $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)[4]
        }
        #expect(states == ["enabled", "disabled", "disabled"], "\(list.stdout)")
        let digest = try await TributaryBinary.run(["digest", "--config", config.path, "--no-state", "--source", "b"])
        #expect(digest.stderr.contains("disabled in feeds.json"), "\(digest.stderr)")
        _ = try await Self.run(["enable", "b", "c"], on: config)
        let back = try Self.text(config)
        let expected = Self.original.replacingOccurrences(
            of: "{\n      \"id\": \"b\"", with: "{\n      \"enabled\": true,\n      \"id\": \"b\"")
        #expect(back == expected, "only b's new member remains: \(back)")
        #expect(try await Self.run(["validate"], on: config).status == 0)
    }

    @Test func removeTakesOutTheEntryWithItsLineAndKeepsABackup() async throws {
        let config = try TributaryBinary.config(Self.original)
        let removed = try await Self.run(["remove", "--yes", "a", "c"], on: config)
        #expect(removed.status == 0 && removed.stdout.contains("removed 2 entries"), "\(removed.stderr)")
        let text = try Self.text(config)
        #expect(!text.contains("a.xml") && !text.contains("c.xml") && !text.contains("the first one"), "\(text)")
        #expect(text.contains("// what I follow") && text.contains(#""tags": ["x"]"#))
        let backup = config.appendingPathExtension("bak")
        #expect(try String(contentsOf: backup, encoding: .utf8) == Self.original)
        #expect(try await Self.run(["validate"], on: config).stdout.contains("valid (1 source)"))
        #expect(try await Self.run(["remove", "--yes", "b"], on: config).status == 0)
        #expect(try Self.text(config).contains(#""sources": []"#))
    }

    @Test func anUnknownIdOrNoTerminalToAskOnChangesNothing() async throws {
        let config = try TributaryBinary.config(Self.original)
        let unknown = try await Self.run(["remove", "--yes", "bb"], on: config)
        #expect(unknown.status == 64 && unknown.stderr.contains(#"bb: no such entry"#))
        #expect(unknown.stderr.contains(#"did you mean "b"?"#), "\(unknown.stderr)")
        let unasked = try await Self.run(["remove", "a"], on: config)
        #expect(unasked.status == 64 && unasked.stderr.contains("pass --yes"), "\(unasked.stderr)")
        #expect(try await Self.run(["disable", "zz"], on: config).status == 64)
        #expect(try Self.text(config) == Self.original)
        #expect(!FileManager.default.fileExists(atPath: config.appendingPathExtension("bak").path))
    }

    @Test func exportLeavesDisabledEntriesOutAndWritesLocalFilesAbsolute() async throws {
        let config = try TributaryBinary.config(
            #"{"sources": [{"id": "on", "type": "feed", "url": "local/feed.xml"}, "#
                + #"{"id": "off", "type": "feed", "url": "https://example.org/off.xml", "enabled": false}]}"#)
        let folder = config.deletingLastPathComponent().standardizedFileURL.path
        let opml = try await Self.run(["export"], on: config).stdout
        #expect(opml.contains(#"xmlUrl="file://\#(folder)/local/feed.xml""#), "\(opml)")
        #expect(!opml.contains("off.xml"))
        let everything = try await Self.run(["export", "--all"], on: config).stdout
        #expect(everything.contains(#"xmlUrl="https://example.org/off.xml""#))
    }
}
