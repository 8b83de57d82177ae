import Foundation
import Testing

/// `tributary init` writes a commented starter config where the next run finds it, and a
/// feeds.json with comments, a trailing comma and a typo is placed by line and column.
@Suite struct InitCommandTests {
    typealias Setup = ConfigLookupTests.Setup

    @Test func initWritesAStarterThatValidatesWhereTheNextRunLooks() async throws {
        let setup = try Setup()
        let written = try await TributaryBinary.run(["init"], environment: setup.environment, in: setup.work)
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.stdout == "wrote \(setup.userFile.path); check it with `tributary validate`\n")
        #expect(written.stderr.isEmpty)
        let text = try String(contentsOf: setup.userFile, encoding: .utf8)
        #expect(text.hasPrefix("// Tributary's configuration"))
        let valid = try await TributaryBinary.run(
            ["validate"], environment: setup.environment, in: URL(fileURLWithPath: "/"))
        #expect(valid.status == 0, "\(valid.stderr)")
        #expect(valid.stdout == "\(setup.userFile.path): valid (6 sources)\n")
        #expect(valid.stderr.isEmpty, "no entry of the starter is skipped for a missing key")
    }

    @Test func theStartersLocalFeedWorksOnceEnabledFromAnyFolder() async throws {
        let setup = try Setup()
        _ = try await TributaryBinary.run(["init"], environment: setup.environment, in: setup.work)
        let text = try String(contentsOf: setup.userFile, encoding: .utf8)
        let enabled = text.replacingOccurrences(
            of: #""url": "feeds/local.xml", "enabled": false"#, with: #""url": "feeds/local.xml", "enabled": true"#)
        #expect(enabled != text)
        try setup.write(enabled, to: setup.userFile)
        try setup.write(
            ConfigLookupTests.rss("Written by hand"), to: setup.userFolder.appendingPathComponent("feeds/local.xml"))
        let result = try await TributaryBinary.run(
            ["digest", "--source", "local", "--no-state", "--no-cache"], environment: setup.environment,
            in: URL(fileURLWithPath: "/"))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Written by hand"))
    }

    @Test func initNeverReplacesAFileWithoutForce() async throws {
        let setup = try Setup()
        try setup.write("// mine\n", to: setup.userFile)
        let refused = try await TributaryBinary.run(["init"], environment: setup.environment, in: setup.work)
        #expect(refused.status == 64)
        #expect(
            refused.stderr
                == "tributary: \(setup.userFile.path) already exists; pass --force to replace it, or name another "
                + "PATH\n"
        )
        #expect(try String(contentsOf: setup.userFile, encoding: .utf8) == "// mine\n")
        let forced = try await TributaryBinary.run(["init", "--force"], environment: setup.environment, in: setup.work)
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try String(contentsOf: setup.userFile, encoding: .utf8).hasPrefix("// Tributary's configuration"))
    }

    @Test func initWithAPathWritesThereAndSaysHowRunsFindIt() async throws {
        let setup = try Setup()
        let result = try await TributaryBinary.run(
            ["init", "configs/feeds.json"], environment: setup.environment, in: setup.work)
        let file = setup.work.appendingPathComponent("configs/feeds.json")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "wrote \(file.path); check it with `tributary validate`\n")
        #expect(
            result.stderr
                == "note: runs without --config do not look there; pass --config \(file.path) or set TRIBUTARY_CONFIG\n"
        )
        #expect(FileManager.default.fileExists(atPath: file.path))
    }

    @Test func aConfigWithCommentsATrailingCommaAndATypoNamesTheTyposLineAndColumn() async throws {
        let setup = try Setup()
        try setup.write(
            """
            // my feeds
            {
              /* the digest */
              "limit": 20,
              "sources": [
                {"id": "hn", "type": "hackernews",},
                {"id": "blog", "type": "feed" "url": "https://example.org/feed.xml"},
              ],
            }
            """, to: setup.userFile)
        let result = try await TributaryBinary.run(["validate"], environment: setup.environment, in: setup.work)
        #expect(result.status == 3)
        #expect(
            result.stderr == """
                \(setup.userFile.path): invalid:
                feeds.json:7:35: expected "," or "}" after the value (is a comma missing?)
                        {"id": "blog", "type": "feed" "url": "https://example.org/feed.xml"},
                                                      ^

                """)
    }
}

extension InitCommandTests {
    @Test func aFolderThatCannotBeMadeFailsNamingThePath() async throws {
        let setup = try Setup()
        try setup.write("", to: setup.work.appendingPathComponent("plain-file"))
        let result = try await TributaryBinary.run(
            ["init", "plain-file/feeds.json"], environment: setup.environment, in: setup.work)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("tributary: cannot write \(setup.work.path)/plain-file/feeds.json: "))
        #expect(result.stdout.isEmpty)
    }

    @Test func pathsAreShownWithoutTheirControlCharacters() async throws {
        let setup = try Setup()
        let name = "odd\u{1B}[2J.json"
        let written = try await TributaryBinary.run(["init", name], environment: setup.environment, in: setup.work)
        #expect(written.status == 0, "\(written.stderr)")
        let valid = try await TributaryBinary.run(
            ["validate", "--config", name], environment: setup.environment, in: setup.work)
        #expect(valid.status == 0, "\(valid.stderr)")
        for output in [written.stdout, written.stderr, valid.stdout] {
            #expect(!output.contains("\u{1B}"), "\(output.debugDescription)")
        }
        #expect(valid.stdout.hasSuffix(": valid (6 sources)\n"))
    }
}
