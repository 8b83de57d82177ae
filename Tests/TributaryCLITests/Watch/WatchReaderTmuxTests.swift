import Foundation
import Testing
import TributaryTesting

/// `watch` on a terminal as a reader, in tmux as a person uses it: the issue's test. The
/// screen is read every 100 ms until it shows what is expected; no fixed waits.
@Suite(.serialized) struct WatchReaderTmuxTests {
    /// An RSS feed of `Post 1…count`, an hour apart, Post `count` the newest; each with a
    /// title long enough to be cut at 60 columns and a summary.
    final class DatedFeed: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 200
        private let newest = Date().addingTimeInterval(-3600)

        func grow() { lock.withLock { count += 1 } }

        var body: String {
            let total = lock.withLock { self.count }
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
            let items = (1...total).map { number in
                let date = newest.addingTimeInterval(Double(number - 200) * 3600)
                return "<item><title>Post \(number): a title long enough to be cut on a narrow window</title>"
                    + "<link>https://example.org/\(number)</link><guid>https://example.org/\(number)</guid>"
                    + "<pubDate>\(formatter.string(from: date))</pubDate>"
                    + "<description>Body of post \(number). \(String(repeating: "More words follow here. ", count: 12))"
                    + "</description></item>"
            }
            return #"<rss version="2.0"><channel><title>g</title>\#(items.joined())</channel></rss>"#
        }
    }

    /// The row the cursor is on: the one marked `>`.
    static func cursorRow(_ screen: [String]) -> String? { screen.first { $0.hasPrefix(">") } }

    /// The last row as the reader draws it: the keys, or the word left by `r`.
    static func isKeysLine(_ line: String) -> Bool {
        line.hasPrefix("j/k move") || line.hasPrefix("refreshing every source")
    }

    @Test(.timeLimit(.minutes(3))) func theIssuesReaderSessionAt100By30Then60By20() async throws {
        let feed = DatedFeed()
        let server = try await LocalHTTPServer.start { _ in .text(feed.body, contentType: "application/rss+xml") }
        defer { Task { await server.shutdown() } }
        let config = try TributaryBinary.config(
            #"{"title": "Reader", "limit": 0, "sources": [{"id": "g", "type": "feed", "url": "\#(server.baseURL)/feed.xml"}]}"#
        )
        let state = config.deletingLastPathComponent().appendingPathComponent("state.sqlite").path
        let opened = config.deletingLastPathComponent().appendingPathComponent("opened")
        let browser = config.deletingLastPathComponent().appendingPathComponent("browser")
        try Data(
            "#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(opened.path).part' && mv '\(opened.path).part' '\(opened.path)'\n"
                .utf8
        )
        .write(to: browser)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: browser.path)
        let tmux = try await Tmux.start(
            [TributaryBinary.executable.path, "watch", "--config", config.path, "--state", state, "--no-cache"],
            columns: 100, rows: 30,
            environment: TributaryBinary.isolatedEnvironment.merging(["TERM": "tmux-256color", "BROWSER": browser.path])
            { $1 })
        defer { Task { await tmux.kill() } }

        let first = try await tmux.wait { Self.cursorRow($0)?.contains("Post 200:") == true }
        #expect(first.held, "the newest item, under the cursor: \(first.screen)")
        #expect(
            first.screen.count == 30 && first.screen[0].hasPrefix("Reader · 200 items, 200 unread"), "\(first.screen)")
        #expect(first.screen[1].contains("Post 200:"), "the newest item is the first row")

        for _ in 1...5 { try await tmux.send("j") }
        let sixth = try await tmux.wait { Self.cursorRow($0)?.contains("Post 195:") == true }
        #expect(sixth.held, "j ×5: the cursor on item 6: \(sixth.screen)")
        try await tmux.send("Enter")
        let article = try await tmux.wait { $0.contains { $0.hasPrefix("Body of post 195.") } }
        #expect(article.held, "Enter: item 6's text: \(article.screen)")
        #expect(article.screen[1].hasPrefix("Post 195: a title long enough"), "\(article.screen)")
        #expect(article.screen.filter { $0.contains("More words follow here.") }.count >= 3, "wrapped to the width")

        try await tmux.send("o")
        let clock = ContinuousClock()
        let openedBy = clock.now + .seconds(30)
        while !FileManager.default.fileExists(atPath: opened.path), clock.now < openedBy {
            try await clock.sleep(for: .milliseconds(100))
        }
        let link = try? String(contentsOf: opened, encoding: .utf8)
        #expect(link == "https://example.org/195\n", "o: $BROWSER given the link alone")

        try await tmux.send("m")
        let marked = try await tmux.wait { $0.first?.contains("200 items, 199 unread") == true }
        #expect(marked.held, "m: marked read: \(marked.screen)")
        let unread = try await TributaryBinary.run(
            ["digest", "--config", config.path, "--state", state, "--no-cache", "--unread", "--format", "json"])
        let titles = try StateRunTests.titles(unread.stdout)
        #expect(titles.count == 199 && !titles.contains { $0.hasPrefix("Post 195:") }, "\(unread.stderr)")

        feed.grow()
        try await tmux.send("q")
        try await tmux.send("r")
        let arrived = try await tmux.wait { $0.count > 1 && $0[1].contains("Post 201:") }
        #expect(arrived.held, "r: the new item at the top: \(arrived.screen)")
        #expect(Self.cursorRow(arrived.screen)?.contains("Post 195:") == true, "the cursor stays: \(arrived.screen)")
        #expect(arrived.screen[0].hasPrefix("Reader · 201 items, 200 unread"))

        let resizedAt = ContinuousClock.now
        try await tmux.resize(columns: 60, rows: 20)
        let narrow = try await tmux.wait(upTo: .seconds(10)) { screen in
            screen.count == 20 && screen[0].hasPrefix("Reader · ") && Self.isKeysLine(screen[19])
                && Self.cursorRow(screen)?.contains("Post 195:") == true
        }
        let took = ContinuousClock.now - resizedAt
        #expect(narrow.held, "redrawn at 60 × 20: \(narrow.screen)")
        #expect(
            took < SanitizerSlowdown.scaled(.seconds(1)), "within a second (× \(SanitizerSlowdown.factor)): \(took)")
        #expect(narrow.screen[0].hasPrefix("Reader · 201 items"), "\(narrow.screen)")
        #expect(narrow.screen[1].contains("Post 201:"))
        for line in narrow.screen {
            #expect(TerminalRun.cells(Substring(line)) <= 60, "wider than 60 cells: \(line)")
        }
        let cut = Self.cursorRow(narrow.screen) ?? ""
        #expect(
            cut.contains("Post 195: a title long enough") && cut.contains("… · g · "),
            "the title cut to fit, its details kept: \(cut)")

        try await tmux.send("q")
        let deadline = clock.now + .seconds(10)
        while await tmux.isRunning(), clock.now < deadline { try await clock.sleep(for: .milliseconds(100)) }
        #expect(await tmux.isRunning() == false, "q quits, and the session ends with it")
        await tmux.kill()  // awaited here: the deferred one may not run before the test process ends
    }
}
