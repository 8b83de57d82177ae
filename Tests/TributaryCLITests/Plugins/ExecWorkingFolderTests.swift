import Foundation
import Testing
import TributaryTesting

/// An exec plugin runs in feeds.json's folder, so its relative arguments (`["sh",
/// "script.sh"]`) and the files it opens are read from there, even when Tributary runs
/// from `/` as a cron job would.
@Suite struct ExecWorkingFolderTests {
    /// Prints one item titled with its working folder and one read from a file beside it.
    static let script = """
        printf '{"id": "where", "title": "%s", "url": "https://example.org/where"}\\n' "$(pwd -P)"
        cat item.json
        """

    @Test func aRelativeScriptBesideFeedsJsonRunsThereFromRoot() async throws {
        let setup = try ConfigLookupTests.Setup()
        try setup.write(Self.script, to: setup.userFolder.appendingPathComponent("script.sh"))
        try setup.write(
            #"{"id": "beside", "title": "Read beside feeds.json", "url": "https://example.org/beside"}"#,
            to: setup.userFolder.appendingPathComponent("item.json"))
        try setup.write(
            #"{"sources": [{"id": "script", "type": "exec", "command": ["sh", "script.sh"]}]}"#, to: setup.userFile)
        let result = try await TributaryBinary.run(
            ["digest", "--format", "json", "--no-state"], environment: setup.environment,
            in: URL(fileURLWithPath: "/"))
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let digest = try JSONDecoder().decode(ConfigLookupTests.Items.self, from: Data(result.stdout.utf8))
        let folder = setup.userFolder.resolvingSymlinksInPath().path
        #expect(Set(digest.items.map(\.title)) == [folder, "Read beside feeds.json"])
    }
}
