import Foundation
import Testing
import TributaryTesting

/// The state store through the binary, as a person uses it: what is new since the last
/// run, read state, concurrent runs, killed runs and stores that cannot be used.
@Suite struct StateRunTests {
    /// An RSS feed whose items are `1…count`, `count` set by the test.
    final class GrowingFeed: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 3
        func grow(by extra: Int) { lock.withLock { count += extra } }
        var body: String {
            let items = (1...lock.withLock { count }).map {
                "<item><title>Post \($0)</title><link>https://example.org/\($0)</link></item>"
            }
            return #"<rss version="2.0"><channel><title>g</title>\#(items.joined())</channel></rss>"#
        }
    }

    static func setUp() async throws -> (GrowingFeed, LocalHTTPServer, URL, String) {
        let feed = GrowingFeed()
        let server = try await LocalHTTPServer.start { _ in .text(feed.body, contentType: "application/rss+xml") }
        let config = try TributaryBinary.config(
            #"{"sources": [{"id": "g", "type": "feed", "url": "\#(server.baseURL)/feed.xml"}]}"#)
        return (feed, server, config, config.deletingLastPathComponent().appendingPathComponent("state.sqlite").path)
    }

    static func titles(_ json: String) throws -> [String] {
        let digest = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        return (digest?["items"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
    }

    static func newTitles(_ json: String) throws -> [String] {
        let digest = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let items = digest?["items"] as? [[String: Any]] ?? []
        return items.filter { $0["new"] as? Bool == true }.compactMap { $0["title"] as? String }.sorted()
    }

    @Test func theSecondRunMarksExactlyTheTwoItemsAddedUpstream() async throws {
        let (feed, server, config, state) = try await Self.setUp()
        defer { Task { await server.shutdown() } }
        let run = { (extra: [String]) in
            try await TributaryBinary.run(
                ["digest", "--config", config.path, "--state", state, "--no-cache", "--format", "json"] + extra)
        }
        let first = try await run([])
        #expect(try Self.newTitles(first.stdout) == ["Post 1", "Post 2", "Post 3"])
        feed.grow(by: 2)
        let second = try await run([])
        #expect(try Self.newTitles(second.stdout) == ["Post 4", "Post 5"])
        #expect(second.stdout.contains(#""firstSeen": ""#))
        let sinceADay = try await TributaryBinary.run(
            ["digest", "--config", config.path, "--state", state, "--no-cache", "--since", "2000-01-01"]
        )
        #expect(
            sinceADay.status == 0 && sinceADay.stdout.contains("Post 5"),
            "a day, as the README writes it: \(sinceADay.stderr)")
        let sinceLater = try await TributaryBinary.run(
            ["digest", "--config", config.path, "--state", state, "--no-cache", "--since", "2999-01-01T08:00+01:00"]
        )
        #expect(
            sinceLater.status == 0 && !sinceLater.stdout.contains("Post"),
            "a time with its zone, later than every item: \(sinceLater.stderr)")
        feed.grow(by: 1)
        let onlyNew = try await TributaryBinary.run([
            "digest", "--config", config.path, "--state", state, "--no-cache", "--new",
        ])
        #expect(onlyNew.stdout.contains("Post 6") && !onlyNew.stdout.contains("Post 5"), "\(onlyNew.stdout)")
        #expect(onlyNew.stdout.contains("  1 N Post 6"), "a plain N column when piped")
    }

    @Test func stateShowsTimesInTheZoneTZNames() async throws {
        let (_, server, config, state) = try await Self.setUp()
        defer { Task { await server.shutdown() } }
        _ = try await TributaryBinary.run(["digest", "--config", config.path, "--state", state, "--no-cache"])
        let shown = { (zone: String) in
            try await TributaryBinary.run(
                ["state", "--config", config.path, "--state", state], environment: ["TZ": zone])
        }
        let tokyo = try await shown("Asia/Tokyo")
        let tokyoLine = #"g: last run \d{4}-\d\d-\d\d \d\d:\d\d (JST|GMT\+9) ok"#
        #expect(tokyo.stdout.range(of: tokyoLine, options: .regularExpression) != nil, "\(tokyo.stdout)")
        let utc = try await shown("UTC")
        #expect(utc.stdout.contains(" UTC ok"), "\(utc.stdout)")
    }

    @Test func markReadThenUnreadLeavesTheReadOnesOut() async throws {
        let (_, server, config, state) = try await Self.setUp()
        defer { Task { await server.shutdown() } }
        _ = try await TributaryBinary.run(["digest", "--config", config.path, "--state", state, "--no-cache"])
        let marked = try await TributaryBinary.run([
            "mark-read", "--config", config.path, "--state", state, "g:https://example.org/1",
        ])
        #expect(marked.stdout == "marked 1 item read\n", "\(marked.stderr)")
        let mistyped = try await TributaryBinary.run([
            "mark-read", "--config", config.path, "--state", state, "g:https://example.org/2", "g:htps://typo",
        ])
        #expect(mistyped.status == 1 && mistyped.stdout == "marked 1 item read\n", "the known one is marked")
        #expect(mistyped.stderr.contains("g:htps://typo: no such item in the state store"), "\(mistyped.stderr)")
        let unread = try await TributaryBinary.run([
            "digest", "--config", config.path, "--state", state, "--no-cache", "--unread",
        ])
        #expect(
            !unread.stdout.contains("Post 1") && !unread.stdout.contains("Post 2") && unread.stdout.contains("Post 3"),
            "\(unread.stdout)")
        let shown = try await TributaryBinary.run(["state", "--config", config.path, "--state", state])
        #expect(shown.stdout.contains("g: last run "), "\(shown.stdout)")
        #expect(shown.stdout.contains(" ok: RSS · 3 items kept · 0 new in the last run · 1 unread"), "\(shown.stdout)")
    }

    @Test func rowNumbersOfTheLastTextDigestMarkReadAndUnread() async throws {
        let (feed, server, config, state) = try await Self.setUp()
        defer { Task { await server.shutdown() } }
        feed.grow(by: 2)  // Post 1 … Post 5
        let store = ["--config", config.path, "--state", state]
        let before = try await TributaryBinary.run(["mark-read"] + store + ["2"])
        #expect(before.status == 1 && before.stderr.contains("row 2: no text digest was shown"), "\(before.stderr)")
        let shown = try await TributaryBinary.run(["digest"] + store + ["--no-cache", "--no-links", "--width", "200"])
        let rows = shown.stdout.split(separator: "\n").compactMap { line in
            line.firstMatch(of: /Post \d+/).map { String($0.output) }
        }
        #expect(rows.count == 5, "\(shown.stdout)")
        let marked = try await TributaryBinary.run(["mark-read"] + store + ["1", "3-4"])
        #expect(marked.stdout == "marked 3 items read\n", "\(marked.stderr)")
        let unread = try await TributaryBinary.run(["digest"] + store + ["--no-cache", "--unread", "--format", "json"])
        #expect(try Self.titles(unread.stdout).sorted() == [rows[1], rows[4]].sorted(), "rows 2 and 5 stay unread")
        let firstID = "g:https://example.org/" + rows[0].dropFirst("Post ".count)
        let back = try await TributaryBinary.run(["mark-unread"] + store + [firstID, "9"])
        #expect(back.status == 1 && back.stdout == "marked 1 item unread\n", "\(back.stdout)")
        #expect(back.stderr.contains("row 9: the last text digest ("), "\(back.stderr)")
        let bad = try await TributaryBinary.run(["mark-read"] + store + ["5-3"])
        #expect(bad.status == 64 || bad.status == 2, "a backwards range is a usage error: \(bad.stderr)")
    }

    @Test func twoRunsAtOnceOnOneStoreBothFinish() async throws {
        let (_, server, config, state) = try await Self.setUp()
        defer { Task { await server.shutdown() } }
        async let first = TributaryBinary.run(["digest", "--config", config.path, "--state", state, "--no-cache"])
        async let second = TributaryBinary.run(["digest", "--config", config.path, "--state", state, "--no-cache"])
        let results = try await [first, second]
        for result in results {
            #expect(result.status == 0, "\(result.stderr)")
            #expect(!result.stderr.contains("locked"))
        }
        let shown = try await TributaryBinary.run(["state", "--config", config.path, "--state", state])
        #expect(shown.stdout.contains("3 items kept"), "\(shown.stdout)")
    }

    @Test func killedRunsLoseNothingCommittedAndMarkNothingNewTwice() async throws {
        let (feed, server, config, state) = try await Self.setUp()
        defer { Task { await server.shutdown() } }
        let arguments = ["digest", "--config", config.path, "--state", state, "--no-cache", "--format", "json"]
        _ = try await TributaryBinary.run(arguments)
        feed.grow(by: 1)
        for attempt in 0..<20 {
            let running = try TributaryBinary.start(arguments)
            try await Task.sleep(for: .milliseconds(5 * (attempt % 10)))  // a deliberate spread of moments to kill at
            running.send(SIGKILL)
            _ = try await running.finish()
        }
        let after = try await TributaryBinary.run(arguments)
        #expect(after.status == 0, "\(after.stderr)")
        let new = try Self.newTitles(after.stdout)
        #expect(new == [] || new == ["Post 4"], "items of the first run are never new again: \(new)")
    }

    @Test func aStoreThatIsNotOneStopsTheRunButNoStateStillWorks() async throws {
        let (_, server, config, state) = try await Self.setUp()
        defer { Task { await server.shutdown() } }
        try Data((0..<4096).map { _ in UInt8.random(in: 0...255) }).write(to: URL(fileURLWithPath: state))
        let refused = try await TributaryBinary.run(["digest", "--config", config.path, "--state", state, "--no-cache"])
        #expect(refused.status == 3)
        #expect(
            refused.stderr.contains("state store \(state): the file is not a Tributary state store"),
            "\(refused.stderr)")
        let without = try await TributaryBinary.run(["digest", "--config", config.path, "--no-state", "--no-cache"])
        #expect(without.status == 0)
        #expect(without.stdout.contains("Post 3") && !without.stdout.contains(" N "))
    }

    /// An X recent-search endpoint whose posts are `posts`' items, each a snowflake id of
    /// this minute after `base` (X drops a since_id older than 7 days), answering after
    /// `since_id`; and a config of one `twitter` source on it, with its store's path.
    static func xServer(_ posts: GrowingFeed) async throws -> (
        server: LocalHTTPServer, base: UInt64, config: URL, state: String
    ) {
        let base = (UInt64(Date().timeIntervalSince1970 * 1000) - 1_288_834_974_657) << 22
        let server = try await LocalHTTPServer.start { request in
            let since = UInt64(request.query["since_id"] ?? "0").map { $0 > base ? $0 - base : 0 } ?? 0
            let count = posts.body.components(separatedBy: "<item>").count - 1
            let data = (1...count).filter { $0 > since }.reversed().map {
                #"{"id": "\#(base + UInt64($0))", "text": "Post \#($0)"}"#
            }
            return .text(
                #"{"data": [\#(data.joined(separator: ","))], "meta": {"result_count": \#(data.count)}}"#,
                contentType: "application/json")
        }
        let entry =
            #"{"id": "x", "type": "twitter", "query": "swift lang", "baseURL": "\#(server.baseURL)/", "#
            + #""bearerToken": "${T}"}"#
        let config = try TributaryBinary.config(#"{"sources": [\#(entry)]}"#)
        return (server, base, config, config.deletingLastPathComponent().appendingPathComponent("state.sqlite").path)
    }

    @Test func xAsksOnlyForNewerPostsAndKeepsShowingTheEarlierOnes() async throws {
        let posts = GrowingFeed()
        let (server, base, config, state) = try await Self.xServer(posts)
        defer { Task { await server.shutdown() } }
        let run = {
            try await TributaryBinary.run(
                ["digest", "--config", config.path, "--state", state, "--format", "json"], environment: ["T": "t"])
        }
        _ = try await run()
        posts.grow(by: 2)
        let second = try await run()
        #expect(
            server.requests.map { $0.query["since_id"] } == [nil, String(base + 3)],
            "the second run asks only for posts after the newest it saw")
        #expect(try Self.newTitles(second.stdout) == ["Post 4", "Post 5"])
        #expect(
            second.stdout.components(separatedBy: #""title": "Post "#).count - 1 == 5, "the earlier posts still show")
        let third = try await run()
        #expect(server.requests.last?.query["since_id"] == String(base + 5))
        #expect(try Self.newTitles(third.stdout) == [])
        let recordings = config.deletingLastPathComponent().appendingPathComponent("recordings").path
        let recorded = try await TributaryBinary.run(
            ["digest", "--config", config.path, "--state", state, "--record", recordings], environment: ["T": "t"])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        #expect(server.requests.last?.query["since_id"] == nil, "a recording is of a full fetch, cursor or not")
    }

    /// Recorded answers are of their day: a replay that moved the store's cursor to them
    /// would have the next run ask for less (or more) than it has not seen.
    @Test func aReplayedRunLeavesTheStoredCursorWhereItWas() async throws {
        let posts = GrowingFeed()
        let (server, base, config, state) = try await Self.xServer(posts)
        defer { Task { await server.shutdown() } }
        let recordings = config.deletingLastPathComponent().appendingPathComponent("recordings").path
        let run = { (extra: [String]) in
            try await TributaryBinary.run(
                ["digest", "--config", config.path, "--state", state] + extra, environment: ["T": "t"])
        }
        #expect(try await run(["--record", recordings]).status == 0)  // posts 1-3
        posts.grow(by: 2)
        #expect(try await run([]).status == 0)  // the store's cursor: post 5
        let replayed = try await run(["--replay", recordings])
        #expect(replayed.status == 0, "\(replayed.stderr)")
        #expect(try await run([]).status == 0)
        #expect(
            server.requests.last?.query["since_id"] == String(base + 5),
            "the replay of posts 1-3 left the cursor at post 5")
    }
}
