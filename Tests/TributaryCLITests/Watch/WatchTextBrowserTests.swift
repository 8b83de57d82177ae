import Foundation
import Testing
import TributaryTesting

/// `o` with a text-mode browser in `$BROWSER`: the browser gets the terminal and every key
/// typed until it quits, then the reader is drawn again where it was. The browser here is a
/// script named `lynx` that asks for a line on the terminal, as a browser reads its keys.
@Suite(.serialized) struct WatchTextBrowserTests {
    @Test(.timeLimit(.minutes(2))) func aTextModeBrowserHasTheTerminalUntilItQuits() async throws {
        let feed =
            #"<rss version="2.0"><channel><title>g</title>"#
            + (1...3).map { "<item><title>Post \($0)</title><link>https://example.org/\($0)</link></item>" }.joined()
            + "</channel></rss>"
        let server = try await LocalHTTPServer.start { _ in .text(feed, contentType: "application/rss+xml") }
        defer { Task { await server.shutdown() } }
        let config = try TributaryBinary.config(
            #"{"title": "Reader", "sources": [{"id": "g", "type": "feed", "url": "\#(server.baseURL)/feed.xml"}]}"#)
        let folder = config.deletingLastPathComponent()
        let got = folder.appendingPathComponent("got")
        let browser = folder.appendingPathComponent("lynx")
        try Data(
            """
            #!/bin/sh
            printf 'lynx-like browser at %s; type a line: ' "$1"
            read line
            printf '%s\\n%s\\n' "$1" "$line" > '\(got.path).part' && mv '\(got.path).part' '\(got.path)'

            """.utf8
        ).write(to: browser)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: browser.path)
        let tmux = try await Tmux.start(
            [TributaryBinary.executable.path, "watch", "--config", config.path, "--no-state", "--no-cache"],
            columns: 100, rows: 20,
            environment: TributaryBinary.isolatedEnvironment.merging(["TERM": "tmux-256color", "BROWSER": browser.path])
            { $1 })
        defer { Task { await tmux.kill() } }

        let reader = try await tmux.wait { $0.first?.hasPrefix("Reader · 3 items") == true }
        #expect(reader.held, "\(reader.screen)")
        try await tmux.send("o")
        let browsing = try await tmux.wait { $0.contains { $0.contains("lynx-like browser at https://example.org/") } }
        #expect(browsing.held, "the browser has the screen: \(browsing.screen)")
        #expect(!browsing.screen.contains { $0.hasPrefix("Reader · ") }, "the reader's screen is put away")
        try await tmux.send("j", "j", "k", "Enter")
        let clock = ContinuousClock()
        let by = clock.now + .seconds(30)
        while !FileManager.default.fileExists(atPath: got.path), clock.now < by {
            try await clock.sleep(for: .milliseconds(100))
        }
        let lines = (try? String(contentsOf: got, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
        #expect(lines.count == 2 && lines[0].hasPrefix("https://example.org/"), "the link alone: \(lines)")
        #expect(lines.last == "jjk", "every key went to the browser, none to the reader: \(lines)")

        let back = try await tmux.wait { $0.first?.hasPrefix("Reader · 3 items") == true }
        #expect(back.held, "the reader is drawn again when the browser quits: \(back.screen)")
        let cursor = back.screen.first { $0.hasPrefix(">") } ?? ""
        #expect(
            lines.first.map { cursor.contains("Post \($0.suffix(1))") } == true, "the cursor where it was: \(cursor)")
        try await tmux.send("q")
        await tmux.kill()
    }
}
