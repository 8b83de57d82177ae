import Foundation
import Testing
import TributaryTesting

/// Configuration where people look for it: the lookup order, paths relative to feeds.json,
/// and every command using the same lookup, as a cron job run from `/` would.
@Suite struct ConfigLookupTests {
    struct Items: Decodable {
        struct Item: Decodable { let title: String }
        struct Source: Decodable {
            let id: String
            let status: String
            let message: String?
        }
        let sources: [Source]
        let items: [Item]
    }

    /// A fresh folder with an empty working folder, a home and an XDG config home.
    struct Setup {
        let root = Scratch.folder.appendingPathComponent("tributary-look-\(UUID().uuidString)")
        var work: URL { root.appendingPathComponent("work") }
        var home: URL { root.appendingPathComponent("home") }
        var userFolder: URL { root.appendingPathComponent("xdg/tributary") }
        var userFile: URL { userFolder.appendingPathComponent("feeds.json") }
        var environment: [String: String] {
            ["HOME": home.path, "XDG_CONFIG_HOME": root.appendingPathComponent("xdg").path]
        }

        init() throws {
            for folder in [work, home, userFolder] {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            }
        }

        func write(_ text: String, to file: URL, executable: Bool = false) throws {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
            if executable { try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path) }
        }
    }

    static func rss(_ title: String) -> String {
        """
        <?xml version="1.0"?>
        <rss version="2.0"><channel><title>Local</title>
        <item><title>\(title)</title><link>https://example.org/\(title.filter(\.isLetter))</link></item>
        </channel></rss>
        """
    }

    static let script = """
        #!/bin/sh
        echo '{"id": "s1", "title": "From the script", "url": "https://example.org/script"}'
        """

    @Test func aRunFromRootFindsTheUserConfigAndReadsItsFilesFromItsFolder() async throws {
        let setup = try Setup()
        try setup.write(Self.rss("Relative feed"), to: setup.userFolder.appendingPathComponent("feeds/local.xml"))
        try setup.write(Self.rss("Home feed"), to: setup.home.appendingPathComponent("home.xml"))
        try setup.write(Self.script, to: setup.userFolder.appendingPathComponent("bin/source"), executable: true)
        try setup.write(
            """
            {"sources": [
              {"id": "relative", "type": "feed", "url": "feeds/local.xml"},
              {"id": "home", "type": "feed", "url": "~/home.xml"},
              {"id": "script", "type": "exec", "command": ["./bin/source"]},
            ]}
            """, to: setup.userFile)
        let result = try await TributaryBinary.run(
            ["digest", "--format", "json", "--no-state"], environment: setup.environment,
            in: URL(fileURLWithPath: "/"))
        #expect(result.status == 0, "\(result.stderr)")
        let digest = try JSONDecoder().decode(Items.self, from: Data(result.stdout.utf8))
        #expect(digest.sources.map(\.status) == ["ok", "ok", "ok"], "\(digest.sources.compactMap(\.message))")
        #expect(Set(digest.items.map(\.title)) == ["Relative feed", "Home feed", "From the script"])
    }

    @Test func aMissingRelativeFileIsNamedByItsPathFromTheConfigFolder() async throws {
        let setup = try Setup()
        try setup.write(#"{"sources": [{"id": "gone", "type": "feed", "url": "feeds/gone.xml"}]}"#, to: setup.userFile)
        let result = try await TributaryBinary.run(
            ["digest", "--format", "json", "--no-state"], environment: setup.environment, in: setup.work)
        #expect(result.status == 2)
        let digest = try JSONDecoder().decode(Items.self, from: Data(result.stdout.utf8))
        let message = try #require(digest.sources.first?.message)
        #expect(message.contains(setup.userFolder.appendingPathComponent("feeds/gone.xml").path), "\(message)")
    }

    @Test func theVariableNamesTheConfigOverTheWorkingFolder() async throws {
        let setup = try Setup()
        let named = setup.root.appendingPathComponent("elsewhere.json")
        try setup.write(#"{"sources": [{"id": "a", "type": "hackernews"}]}"#, to: named)
        try setup.write(#"{"sources": []}"#, to: setup.work.appendingPathComponent("feeds.json"))
        let result = try await TributaryBinary.run(
            ["validate"], environment: setup.environment.merging(["TRIBUTARY_CONFIG": named.path]) { $1 },
            in: setup.work)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "\(named.path): valid (1 source)\n")
    }

    @Test func withNoConfigAnywhereTheErrorNamesThePathsTriedAndSuggestsInit() async throws {
        let setup = try Setup()
        for command in [["digest"], ["report"], ["validate"], ["state"], ["mark-read", "--all"]] {
            let result = try await TributaryBinary.run(command, environment: setup.environment, in: setup.work)
            #expect(result.status == 3, "\(command): \(result.stderr)")
            #expect(
                result.stderr.contains(
                    "no configuration found; tried \(setup.work.path)/feeds.json and \(setup.userFile.path); "
                        + "run `tributary init` to write a starter config to \(setup.userFile.path), or pass "
                        + "--config PATH"
                ), "\(command): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
    }

    @Test func stateAndMarkReadUseTheConfigDigestFound() async throws {
        let setup = try Setup()
        try setup.write(Self.rss("Kept"), to: setup.userFolder.appendingPathComponent("local.xml"))
        try setup.write(#"{"sources": [{"id": "local", "type": "feed", "url": "local.xml"}]}"#, to: setup.userFile)
        let state = setup.root.appendingPathComponent("state.sqlite").path
        let run = try await TributaryBinary.run(
            ["digest", "--state", state, "--no-cache"], environment: setup.environment, in: setup.work)
        #expect(run.status == 0, "\(run.stderr)")
        let shown = try await TributaryBinary.run(
            ["state", "--state", state], environment: setup.environment, in: setup.work)
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("local: last run"), "\(shown.stdout)")
        let marked = try await TributaryBinary.run(
            ["mark-read", "--all", "--state", state], environment: setup.environment, in: URL(fileURLWithPath: "/"))
        #expect(marked.stdout == "marked 1 item read\n", "\(marked.stderr)")
    }
}
