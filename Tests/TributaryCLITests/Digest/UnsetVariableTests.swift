import Foundation
import Testing

/// Under cron one missing variable must not kill the digest: an entry that uses an unset
/// `${VAR}` anywhere is skipped, naming the variable, and the rest runs.
@Suite struct UnsetVariableTests {
    static let feed = """
        <?xml version="1.0"?><rss version="2.0"><channel><title>Local</title>
        <item><title>Still here</title><link>https://example.org/1</link></item></channel></rss>
        """

    @Test func anUnsetVariableInAURLSkipsOnlyItsEntry() async throws {
        let config = try TributaryBinary.config("{}")
        let folder = config.deletingLastPathComponent()
        let local = folder.appendingPathComponent("local.xml")
        try Data(Self.feed.utf8).write(to: local)
        let plugin = folder.appendingPathComponent("echo-stdin")
        let stdinCopy = folder.appendingPathComponent("stdin.json")
        try Data("#!/bin/sh\ncat > \"$1\"\necho '{\"id\": \"p1\", \"title\": \"From plugin\"}'\n".utf8).write(
            to: plugin)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: plugin.path)
        try Data(
            """
            {"sources": [
              {"id": "remote", "type": "feed", "url": "https://${FEED_HOST}/feed.xml"},
              {"id": "local", "type": "feed", "url": "\(local.absoluteString)"},
              {"id": "nested", "type": "exec", "command": ["\(plugin.path)", "\(stdinCopy.path)"],
               "auth": {"user": "${PLUGIN_USER}", "scopes": ["${PLUGIN_SCOPE}"]}}
            ]}
            """.utf8
        ).write(to: config)
        let result = try await TributaryBinary.run(
            ["digest", "--config", config.path, "--format", "json"],
            environment: ["PLUGIN_USER": "ada", "PLUGIN_SCOPE": "read"]
        )
        #expect(result.status == 0, "skipped sources are not failures: \(result.stderr)")
        #expect(result.stdout.contains("Still here"))
        #expect(result.stdout.contains("From plugin"))
        #expect(result.stdout.contains("sources[0].url uses FEED_HOST, which is not set; set it to enable this source"))
        let sent = try String(contentsOf: stdinCopy, encoding: .utf8)
        #expect(sent.contains(#""user":"ada""#) || sent.contains(#""user": "ada""#), "nested ${VAR} expanded: \(sent)")
        #expect(sent.contains("read") && !sent.contains("${"), "\(sent)")
    }

    @Test func validateNotesTheSkipAndPasses() async throws {
        let config = try TributaryBinary.config(
            #"{"sources": [{"id": "remote", "type": "feed", "url": "https://${FEED_HOST}/x"}]}"#)
        let result = try await TributaryBinary.run(["validate", "--config", config.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("note: sources[0].url uses FEED_HOST, which is not set"))
    }
}
