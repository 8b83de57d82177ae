import Foundation
import Testing
import TributaryTesting

/// What the command line answers to a slip: the nearest command, a usage error (64) that
/// lists what exists, durations as feeds.json writes them, template errors in words; and
/// the completions it offers.
@Suite struct CommandLineTests {
    static let config = """
        {"sources": [
          {"id": "so-swift", "type": "stackoverflow", "tags": ["swift"], "baseURL": "http://127.0.0.1:9"},
          {"id": "flickr-cats", "type": "feed", "url": "http://127.0.0.1:9/cats.xml"}
        ]}
        """

    @Test func anUnknownCommandSuggestsTheNearest() async throws {
        let result = try await TributaryBinary.run(["digst"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("unknown command `digst`; did you mean `digest`?"), "\(result.stderr)")
        let far = try await TributaryBinary.run(["zzzzzz", "--quiet"])
        #expect(far.status == 64)
        #expect(far.stderr.contains("unknown command `zzzzzz`") && !far.stderr.contains("did you mean"))
        #expect(far.stderr.contains("digest, report, sources"))
    }

    /// Each form runs the digest; the server's 404 fails the source at once (port 9's refusal
    /// was retried, 1.5 s a run), and fails it the same way should a short deadline fire first.
    @Test func timeoutTakesTheFormsFeedsJSONTakes() async throws {
        let server = try await LocalHTTPServer.start { _ in ServedResponse(status: 404) }
        defer { Task { await server.shutdown() } }
        let config = try TributaryBinary.config(
            Self.config.replacingOccurrences(of: "http://127.0.0.1:9", with: server.baseURL.absoluteString))
        for value in ["5s", "500ms", "2m", "10", "1h", "1d"] {
            let result = try await TributaryBinary.run(
                ["digest", "--config", config.path, "--timeout", value, "--source", "so-swift", "--no-state"])
            #expect(result.status == 2, "--timeout \(value): \(result.stderr)")  // the source failed: it ran
        }
        #expect(server.requests.count == 6)
        let bad = try await TributaryBinary.run(["digest", "--config", config.path, "--timeout", "5 parsecs"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--timeout 5 parsecs: expected"), "\(bad.stderr)")
        let long = try await TributaryBinary.run(["digest", "--config", config.path, "--timeout", "2d"])
        #expect(long.status == 64)
        #expect(long.stderr.contains(#"--timeout 2d: expected seconds (10) or a duration"#), "\(long.stderr)")
        #expect(long.stderr.contains(#""1h", "1d") from 1ms to 24h"#), "\(long.stderr)")
    }

    @Test func spansNameTheirUnitAndSayTheirRange() async throws {
        for arguments in [["state", "prune", "--older-than", "90"], ["digest", "--since", "36501d"]] {
            let result = try await TributaryBinary.run(arguments)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(
                result.stderr.contains(#"a span with its unit ("45s", "30m", "12h", "90d", "2w") from 1ms to 36500d"#))
        }
    }

    @Test func aNegativeLimitSaysItMustBeZeroOrMore() async throws {
        let config = try TributaryBinary.config(Self.config)
        let result = try await TributaryBinary.run(["digest", "--config", config.path, "--limit", "-1"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--limit must be 0 (no limit) or more"), "\(result.stderr)")
    }

    @Test func anUnknownSourceIsAUsageErrorListingTheIds() async throws {
        let config = try TributaryBinary.config(Self.config)
        let result = try await TributaryBinary.run(["digest", "--config", config.path, "--source", "nope"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--source nope: no such entry in \(config.path)"), "\(result.stderr)")
        #expect(result.stderr.contains("its ids: so-swift, flickr-cats"))
        #expect(!result.stderr.contains("Usage: tributary <subcommand>"), "not the usage of another command")
        let near = try await TributaryBinary.run(["report", "--config", config.path, "--source", "so-swfit"])
        #expect(near.status == 64)
        #expect(near.stderr.contains(#"did you mean "so-swift"?"#), "\(near.stderr)")
    }

    @Test func templateErrorsNameTheFileOrTheLineColumnAndTag() async throws {
        let config = try TributaryBinary.config(Self.config)
        let folder = config.deletingLastPathComponent()
        let missing = folder.appendingPathComponent("missing.mustache").path
        let absent = try await TributaryBinary.run(["report", "--config", config.path, "--template", missing])
        #expect(absent.status == 64)
        #expect(absent.stderr.contains("--template \(missing): no such file"), "\(absent.stderr)")
        let broken = folder.appendingPathComponent("broken.mustache")
        try Data("<html>\n<ul>\n  {{#items}}<li>{{title}}</li>{{/item}}\n</ul>\n".utf8).write(to: broken)
        let parse = try await TributaryBinary.run(["report", "--config", config.path, "--template", broken.path])
        #expect(parse.status == 64)
        #expect(parse.stderr.contains("--template \(broken.path): line 3, column "), "\(parse.stderr)")
        #expect(parse.stderr.contains("does not match the section it closes at {{/item}}"), "\(parse.stderr)")
        #expect(!parse.stderr.contains("MustacheParserContext") && !absent.stderr.contains("NSCocoaErrorDomain"))
    }

    @Test func completionScriptsCompleteFilesAndTheConfigsSourceIds() async throws {
        for shell in ["bash", "zsh", "fish"] {
            let script = try await TributaryBinary.run(["--generate-completion-script", shell])
            #expect(script.status == 0)
            #expect(script.stdout.contains("---completion"), "\(shell): --source asks the binary for ids")
        }
        let bash = try await TributaryBinary.run(["--generate-completion-script", "bash"])
        #expect(bash.stdout.contains("--config") && bash.stdout.contains("json"), "--config completes .json files")
        let config = try TributaryBinary.config(Self.config)
        let ids = try await TributaryBinary.run(
            [
                "---completion", "digest", "--", "--source", "4", "2", "tributary", "--config", config.path, "--source",
                "fl",
            ])
        #expect(ids.stdout.split(separator: "\n") == ["flickr-cats"], "\(ids.stdout) \(ids.stderr)")
    }
}
