import Foundation
import Testing
import TributaryTesting

/// Hooks through the binary: each new item reaches each hook exactly once, across runs
/// over a growing feed and a run killed with SIGKILL while a hook runs.
@Suite struct HookRunTests {
    struct Setup {
        let feed: StateRunTests.GrowingFeed
        let server: LocalHTTPServer
        let receiver: LocalHTTPServer
        let config: URL
        var folder: URL { config.deletingLastPathComponent() }

        func arguments() -> [String] {
            [
                "digest", "--config", config.path, "--state", folder.appendingPathComponent("state.sqlite").path,
                "--no-cache", "--format", "json",
            ]
        }

        func read(_ name: String) -> String {
            (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) ?? ""
        }

        /// The titles the exec hook got, in the order it got them.
        var execTitles: [String] { Self.titles(read("got.jsonl").split(separator: "\n").map(String.init)) }

        /// The titles the webhook got, over every request.
        var webhookTitles: [String] {
            receiver.requests.flatMap { request in
                let body = try? JSONSerialization.jsonObject(with: request.body) as? [String: Any]
                return (body?["items"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
            }
        }

        static func titles(_ lines: [String]) -> [String] {
            lines.compactMap { line in
                (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["title"] as? String
            }
        }
    }

    static func setUp(script: String) async throws -> Setup {
        let feed = StateRunTests.GrowingFeed()
        let server = try await LocalHTTPServer.start { _ in .text(feed.body, contentType: "application/rss+xml") }
        let receiver = try await LocalHTTPServer.start { _ in .text("ok") }
        let config = try TributaryBinary.config(
            #"""
            {"sources": [{"id": "g", "type": "feed", "url": "\#(server.baseURL)/feed.xml"}],
             "hooks": [{"name": "log", "exec": ["./log.sh"]},
                       {"name": "ci", "webhook": "\#(receiver.baseURL)/hook", "secret": "${HOOK_SECRET}"}]}
            """#)
        let file = config.deletingLastPathComponent().appendingPathComponent("log.sh")
        try Data("#!/bin/sh\n\(script)\n".utf8).write(to: file)  // it runs in feeds.json's folder
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
        return Setup(feed: feed, server: server, receiver: receiver, config: config)
    }

    static let environment = ["HOOK_SECRET": "s3cret"]

    @Test func eachNewItemReachesEachHookOnceAcrossAKilledRun() async throws {
        let setup = try await Self.setUp(
            script: "if [ -e hang ]; then echo $$ > hung.pid; sleep 60; fi\ncat >> got.jsonl")
        defer {
            Task {
                await setup.server.shutdown()
                await setup.receiver.shutdown()
            }
        }
        let first = try await TributaryBinary.run(setup.arguments(), environment: Self.environment)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(setup.execTitles.sorted() == ["Post 1", "Post 2", "Post 3"])
        #expect(setup.webhookTitles.sorted() == ["Post 1", "Post 2", "Post 3"])

        setup.feed.grow(by: 2)
        _ = FileManager.default.createFile(atPath: setup.folder.appendingPathComponent("hang").path, contents: nil)
        let killed = try TributaryBinary.start(setup.arguments(), environment: Self.environment)
        #expect(await yieldUntil { !setup.read("hung.pid").isEmpty }, "the hook started")
        killed.send(SIGKILL)
        #expect(try await killed.hasEnded(within: .seconds(10)))
        try FileManager.default.removeItem(at: setup.folder.appendingPathComponent("hang"))
        #expect(setup.execTitles.count == 3 && setup.webhookTitles.count == 3, "the killed run delivered nothing")

        setup.feed.grow(by: 1)
        let third = try await TributaryBinary.run(setup.arguments(), environment: Self.environment)
        #expect(third.status == 0, "\(third.stderr)")
        let all = (1...6).map { "Post \($0)" }
        #expect(setup.execTitles.sorted() == all, "once each, none lost to the kill")
        #expect(setup.webhookTitles.sorted() == all, "once each, none lost to the kill")
        let fourth = try await TributaryBinary.run(setup.arguments(), environment: Self.environment)
        #expect(fourth.status == 0 && setup.execTitles.count == 6 && setup.webhookTitles.count == 6)
    }

    @Test func aFailingHookWarnsAndLeavesTheExitStatusAlone() async throws {
        let setup = try await Self.setUp(script: "echo 'cannot reach the pager' >&2\nexit 4")
        defer {
            Task {
                await setup.server.shutdown()
                await setup.receiver.shutdown()
            }
        }
        let run = try await TributaryBinary.run(setup.arguments(), environment: Self.environment)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("hook log: cannot reach the pager"), "\(run.stderr)")
        #expect(
            run.stderr.contains(#"warning: hook "log" failed: exited with status 4 (3 items offered again next run)"#),
            "\(run.stderr)")
        #expect(!run.stderr.contains("s3cret") && !run.stdout.contains("s3cret"))
        #expect(setup.webhookTitles.count == 3, "the other hook still got them")
    }

    @Test func validateNamesABadTemplate() async throws {
        let config = try TributaryBinary.config(
            #"{"sources": [], "hooks": [{"webhook": "https://ntfy.sh/x", "template": "{{#items}}open"}]}"#)
        let run = try await TributaryBinary.run(["validate", "--config", config.path])
        #expect(run.status == 3 && run.stderr.contains("hooks[0].template: not a Mustache template"), "\(run.stderr)")
    }

    @Test func aDigestOfTheArchiveGivesTheHooksTheNewItemsToo() async throws {
        let setup = try await Self.setUp(script: "cat >> got.jsonl")
        defer {
            Task {
                await setup.server.shutdown()
                await setup.receiver.shutdown()
            }
        }
        let run = try await TributaryBinary.run(setup.arguments() + ["--unread"], environment: Self.environment)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(setup.execTitles.sorted() == ["Post 1", "Post 2", "Post 3"] && setup.webhookTitles.count == 3)
    }
}
