import Foundation
import Testing
import TributaryTesting

/// The archive through the binary: items that left their source's window stay for
/// `--unread`, stars keep them, `search` finds them, and nothing secret is archived.
@Suite struct ArchiveRunTests {
    /// An RSS feed whose window is its 5 latest items of `1…count`; item n published at hour n.
    final class WindowedFeed: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 5
        func grow(by extra: Int) { lock.withLock { count += extra } }
        var body: String {
            let latest = lock.withLock { count }
            let items = (latest - 4...latest).reversed().map { number in
                "<item><title>Post \(number)</title><link>https://example.org/\(number)</link>"
                    + "<description>word\(number) in its summary</description>"
                    + "<pubDate>Mon, 02 Nov 2026 \(String(format: "%02d", number)):00:00 GMT</pubDate></item>"
            }
            return #"<rss version="2.0"><channel><title>w</title>\#(items.joined())</channel></rss>"#
        }
    }

    struct Setup {
        let feed: WindowedFeed
        let server: LocalHTTPServer
        let config: URL
        let state: String

        func run(_ arguments: [String]) async throws -> TributaryBinary.Result {
            try await TributaryBinary.run(arguments + ["--config", config.path, "--state", state])
        }

        func digest(_ extra: [String] = []) async throws -> [[String: Any]] {
            let result = try await run(["digest", "--no-cache", "--format", "json"] + extra)
            #expect(result.status == 0, "\(result.stderr)")
            return try ArchiveRunTests.items(result.stdout)
        }
    }

    static func setUp() async throws -> Setup {
        let feed = WindowedFeed()
        let server = try await LocalHTTPServer.start { _ in .text(feed.body, contentType: "application/rss+xml") }
        let config = try TributaryBinary.config(
            #"{"sources": [{"id": "w", "type": "feed", "url": "\#(server.baseURL)/feed.xml"}]}"#)
        let state = config.deletingLastPathComponent().appendingPathComponent("state.sqlite").path
        return Setup(feed: feed, server: server, config: config, state: state)
    }

    static func items(_ json: String) throws -> [[String: Any]] {
        let digest = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        return digest?["items"] as? [[String: Any]] ?? []
    }

    @Test func unreadShowsEveryItemTheRunsShowedNewestFirstAndThePlainDigestTheWindow() async throws {
        let setup = try await Self.setUp()
        defer { Task { await setup.server.shutdown() } }
        _ = try await setup.digest()
        setup.feed.grow(by: 5)
        _ = try await setup.digest()
        setup.feed.grow(by: 5)
        let window = try await setup.digest()
        #expect(window.compactMap { $0["title"] as? String } == (11...15).reversed().map { "Post \($0)" })
        let unread = try await setup.digest(["--unread", "--limit", "0"])
        #expect(unread.compactMap { $0["title"] as? String } == (1...15).reversed().map { "Post \($0)" })
        let ids = unread.compactMap { $0["entryID"] as? Int }
        #expect(Set(ids).count == 15 && ids.allSatisfy { $0 > 0 && $0 < 1 << 31 }, "\(ids)")
        #expect(window.compactMap { $0["entryID"] as? Int } == Array(ids.prefix(5)), "one id per item, in both")
        let limited = try await setup.digest(["--unread", "--limit", "3"])
        #expect(limited.compactMap { $0["title"] as? String } == ["Post 15", "Post 14", "Post 13"])
    }

    @Test func aStarredItemIsShownByStarredUntilUnstarred() async throws {
        let setup = try await Self.setUp()
        defer { Task { await setup.server.shutdown() } }
        let shown = try await setup.digest()
        let id = try #require(shown.last?["entryID"] as? Int)
        let starred = try await setup.run(["star", "\(id)", "987654"])
        #expect(starred.stdout == "starred 1 item\n")
        #expect(
            starred.status == 1 && starred.stderr.contains("987654: no such entry in the archive"), "\(starred.stderr)")
        let kept = try await setup.digest(["--starred"])
        #expect(kept.compactMap { $0["title"] as? String } == ["Post 1"])
        #expect(kept.first?["starred"] as? Bool == true)
        let unstarred = try await setup.run(["unstar", "\(id)"])
        #expect(unstarred.status == 0 && unstarred.stdout == "unstarred 1 item\n", "\(unstarred.stderr)")
        #expect(try await setup.digest(["--starred"]).isEmpty)
        let none = try await setup.run(["star"])
        #expect(none.status != 0 && none.stderr.contains("entry id"), "\(none.stderr)")
    }

    @Test func searchFindsAWordOfAnItemThatLeftTheWindow() async throws {
        let setup = try await Self.setUp()
        defer { Task { await setup.server.shutdown() } }
        _ = try await setup.digest()
        setup.feed.grow(by: 5)
        _ = try await setup.digest()
        let text = try await setup.run(["search", "word2"])
        #expect(text.status == 0 && text.stdout.contains("Post 2") && !text.stdout.contains("Post 3"), "\(text)")
        #expect(!text.stdout.contains("0 sources") && !text.stdout.contains("Sources"), "a search ran no source")
        let json = try await setup.run(["search", "word2 OR word9", "--format", "json"])
        let found = try Self.items(json.stdout)
        #expect(found.compactMap { $0["title"] as? String } == ["Post 9", "Post 2"])
        #expect(found.last?["url"] as? String == "https://example.org/2")
        #expect(found.last?["published"] as? String == "2026-11-02T02:00:00Z")
        let markdown = try await setup.run(["search", "summary", "--format", "markdown", "--limit", "2"])
        #expect(markdown.stdout.contains("Post 10") && markdown.stdout.contains("Post 9"), "\(markdown.stdout)")
        #expect(!markdown.stdout.contains("Post 8"), "--limit 2")
        let bad = try await setup.run(["search", "\"unclosed"])
        #expect(bad.status == 3 && bad.stderr.contains("is not a search query"), "\(bad.stderr)")
        let missing = try await setup.run(["search", "zzzz"])
        #expect(missing.status == 0 && missing.stderr.contains("no archived item matches zzzz"), "\(missing.stderr)")
    }

    @Test func aSecretEchoedByAFeedIsNotArchived() async throws {
        let secret = "archive-header-secret-51fe"
        let server = try await LocalHTTPServer.start { request in
            let header = request.headers["X-Token"] ?? request.headers["x-token"] ?? ""
            return .text(
                #"<rss version="2.0"><channel><title>t</title><item><title>you sent \#(header)</title>"#
                    + #"<link>https://example.org/1</link><description>again: \#(header)</description></item>"#
                    + "</channel></rss>",
                contentType: "application/rss+xml")
        }
        defer { Task { await server.shutdown() } }
        let config = try TributaryBinary.config(
            #"{"sources": [{"id": "f", "type": "feed", "url": "\#(server.baseURL)/feed.xml", "#
                + #""headers": {"X-Token": "${ARCHIVE_SECRET}"}}]}"#)
        let state = config.deletingLastPathComponent().appendingPathComponent("state.sqlite").path
        let environment = ["ARCHIVE_SECRET": secret]
        _ = try await TributaryBinary.run(
            ["digest", "--config", config.path, "--state", state, "--no-cache"], environment: environment)
        let found = try await TributaryBinary.run(["search", "again", "--config", config.path, "--state", state])
        #expect(found.stdout.contains("you sent ***"), "the item is archived, scrubbed: \(found.stdout)")
        for suffix in ["", "-wal"] {
            let file = (try? Data(contentsOf: URL(fileURLWithPath: state + suffix))) ?? Data()
            #expect(file.range(of: Data(secret.utf8)) == nil, "state.sqlite\(suffix) holds the secret")
        }
        #expect(!found.stdout.contains(secret))
    }

    @Test func theArchivesKeysAreCheckedAndNamedWhenWrong() async throws {
        let config = try TributaryBinary.config(
            #"{"retentionUnread": "1y", "archiveLimit": -1, "sources": []}"#)
        let result = try await TributaryBinary.run(["validate", "--config", config.path])
        #expect(result.status == 3, "\(result.stderr)")
        #expect(
            result.stderr.contains(#"retentionUnread: expected a span with its unit"#)
                && result.stderr.contains("\"1y\""), "\(result.stderr)")
        #expect(result.stderr.contains("archiveLimit: must be between 0 and 10000000, found -1"), "\(result.stderr)")
    }
}

/// `tributary remove`: the archive stays unless `--forget`, which takes starred items too.
@Suite struct RemoveForgetTests {
    @Test func removeKeepsTheArchiveAndForgetTakesItAll() async throws {
        let setup = try await ArchiveRunTests.setUp()
        defer { Task { await setup.server.shutdown() } }
        let shown = try await setup.digest()
        let id = try #require(shown.first?["entryID"] as? Int)
        #expect(try await setup.run(["star", String(id)]).status == 0)
        let search = try await setup.run(["search", "word5", "--format", "json"])
        #expect(try ArchiveRunTests.items(search.stdout).count == 1)
        let kept = try await setup.run(["remove", "--yes", "w"])
        #expect(kept.status == 0 && !kept.stdout.contains("forgot"), "\(kept.stderr)")
        let state = try await setup.run(["state"])
        #expect(state.stdout.contains("5 items kept"), "removing an entry keeps its archive: \(state.stdout)")

        // Put it back, then forget it.
        try Data(
            #"{"sources": [{"id": "w", "type": "feed", "url": "\#(setup.server.baseURL)/feed.xml"}]}"#.utf8
        ).write(to: setup.config)
        let forgot = try await setup.run(["remove", "--yes", "--forget", "w"])
        #expect(forgot.status == 0 && forgot.stdout.contains("forgot 5 archived items"), "\(forgot.stdout)")
        let after = try await setup.run(["search", "word5", "--format", "json"])
        #expect(try ArchiveRunTests.items(after.stdout).isEmpty, "the starred item went too: \(after.stdout)")
        let emptied = try await setup.run(["state"])
        #expect(emptied.stdout.contains("no runs"), "\(emptied.stdout)")
    }
}
