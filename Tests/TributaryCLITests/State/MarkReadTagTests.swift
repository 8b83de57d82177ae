import Foundation
import Testing
import TributaryTesting

/// `mark-read --tag` and `mark-unread --tag` through the binary, as a person types them.
@Suite struct MarkReadTagTests {
    static let feed = """
        <rss version="2.0"><channel><title>t</title>
        <item><title>Swift on Linux</title><link>https://example.org/1</link><category>Swift</category></item>
        <item><title>Rust on Linux</title><link>https://example.org/2</link><category>rust</category></item>
        <item><title>More Swift</title><link>https://example.org/3</link><category>swift</category></item>
        </channel></rss>
        """

    @Test func aTagMarksItsItemsAndAnUnknownTagIsNamed() async throws {
        let server = try await LocalHTTPServer.start { _ in .text(Self.feed, contentType: "application/rss+xml") }
        defer { Task { await server.shutdown() } }
        let config = try TributaryBinary.config(
            #"{"sources": [{"id": "t", "type": "feed", "url": "\#(server.baseURL)/feed.xml"}]}"#)
        let store = [
            "--config", config.path, "--state", config.deletingLastPathComponent().appendingPathComponent("s").path,
        ]
        _ = try await TributaryBinary.run(["digest"] + store + ["--no-cache"])
        let marked = try await TributaryBinary.run(["mark-read"] + store + ["--tag", "SWIFT", "--tag", "go"])
        #expect(marked.status == 1 && marked.stdout == "marked 2 items read\n", "\(marked.stderr)")
        #expect(marked.stderr.contains("--tag go: no item in the state store carries it"), "\(marked.stderr)")
        let unread = try await TributaryBinary.run(["digest"] + store + ["--no-cache", "--unread", "--format", "json"])
        #expect(try StateRunTests.titles(unread.stdout) == ["Rust on Linux"])
        let back = try await TributaryBinary.run(["mark-unread"] + store + ["--tag", "swift"])
        #expect(back.status == 0 && back.stdout == "marked 2 items unread\n", "\(back.stderr)")
        let both = try await TributaryBinary.run(["mark-read"] + store + ["--all", "--tag", "swift"])
        #expect(both.status != 0 && both.stderr.contains("leave out items, --source and --tag"), "\(both.stderr)")
    }
}
