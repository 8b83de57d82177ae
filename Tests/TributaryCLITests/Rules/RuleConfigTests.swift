import Foundation
import Testing
import TributaryTesting

/// A wrong rule is a configuration error naming the rule's path and the fix; a marked item is remembered read.
@Suite struct RuleConfigTests {
    static func problems(_ rules: String, entryRules: String? = nil) async throws -> String {
        let own = entryRules.map { #", "rules": \#($0)"# } ?? ""
        let config = try TributaryBinary.config(
            #"{"rules": \#(rules), "sources": [{"id": "a", "type": "feed", "url": "https://example.org/f"\#(own)}]}"#)
        let result = try await TributaryBinary.run(["validate", "--config", config.path])
        #expect(result.status != 0)
        return result.stderr
    }

    @Test func aBadExpressionDeepInsideIsNamedByItsPath() async throws {
        let message = try await Self.problems(
            #"[{"if": {"title": {"contains": "x"}}, "then": ["drop"]}, {"if": {"all": [{"title": {"contains": "a"}}, {"any": [{"url": {"is": "https://a.example/"}}, {"title": {"matches": "(unclosed"}}]}]}, "then": ["star"]}]"#
        )
        #expect(
            message.contains(
                #"rules[1].if.all[1].any[1].title.matches: "(unclosed" is not a valid ICU regular expression"#),
            "\(message)")
    }

    @Test func unknownFieldsActionsAndTestsSuggestTheFix() async throws {
        let message = try await Self.problems(
            #"[{"if": {"titel": {"contains": "x"}}, "then": ["drp"]}, {"if": {"score": {"contains": "x"}}, "then": [{"tag": ""}]}]"#
        )
        #expect(message.contains(#"rules[0].if.titel: unknown field; did you mean "title"?"#), "\(message)")
        #expect(message.contains(#"rules[0].then[0]: "drp" is not an action; did you mean "drop"?"#), "\(message)")
        #expect(message.contains(#"rules[1].if.score.contains: score is a number; its tests: "above", "below""#))
        #expect(message.contains("rules[1].then[0].tag: expected a non-empty string"), "\(message)")
    }

    @Test func anEntrysRulesAreNamedWithTheEntry() async throws {
        let message = try await Self.problems(
            "[]", entryRules: #"[{"if": {"age": {"above": "soon"}}, "then": ["markRead"]}]"#)
        #expect(message.contains("sources[0].rules[0].if.age.above: expected a span with its unit"), "\(message)")
    }

    @Test func aRuleThatKeepsAndDropsIsRefused() async throws {
        let message = try await Self.problems(#"[{"if": {"kind": {"is": "article"}}, "then": ["keep", "drop"]}]"#)
        #expect(message.contains("rules[0].then: a rule either keeps or drops; split it into two rules"), "\(message)")
    }

    @Test func aMarkReadRuleLeavesTheItemReadInTheStore() async throws {
        let feed = RuleExampleTests.feed()
        let server = try await LocalHTTPServer.start { _ in .text(feed, contentType: "application/rss+xml") }
        defer { Task { await server.shutdown() } }
        let config = try TributaryBinary.config(
            #"{"rules": [{"if": {"age": {"above": "7d"}}, "then": ["markRead"]}], "limit": 0, "sources": [{"id": "news", "type": "feed", "url": "\#(server.baseURL)/f"}]}"#
        )
        let state = config.deletingLastPathComponent().appendingPathComponent("state.sqlite").path
        let run = { (extra: [String]) in
            try await TributaryBinary.run(
                ["digest", "--config", config.path, "--state", state, "--no-cache", "-q"] + extra)
        }
        _ = try await run([])
        let unread = try await run(["--unread"])
        #expect(unread.status == 0 && unread.stdout.contains("Release notes digest"), "\(unread.stderr)")
        #expect(!unread.stdout.contains("Old news from last month"), "\(unread.stdout)")
    }

    @Test func aStarRuleStarsTheArchivedItem() async throws {
        let feed = RuleExampleTests.feed()
        let server = try await LocalHTTPServer.start { _ in .text(feed, contentType: "application/rss+xml") }
        defer { Task { await server.shutdown() } }
        let config = try TributaryBinary.config(
            #"{"rules": [{"if": {"author": {"is": "Jane Appleseed"}}, "then": ["star"]}], "limit": 0, "#
                + #""sources": [{"id": "news", "type": "feed", "url": "\#(server.baseURL)/f"}]}"#)
        let state = config.deletingLastPathComponent().appendingPathComponent("state.sqlite").path
        _ = try await TributaryBinary.run(["digest", "--config", config.path, "--state", state, "--no-cache", "-q"])
        let starred = try await TributaryBinary.run(
            ["digest", "--config", config.path, "--state", state, "--no-cache", "-q", "--starred"])
        #expect(starred.status == 0, "\(starred.stderr)")
        #expect(starred.stdout.contains("Understanding actors in Swift") && starred.stdout.contains("Policy explainer"))
        #expect(!starred.stdout.contains("Release notes digest"), "\(starred.stdout)")
    }
}
