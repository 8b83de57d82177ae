import Foundation
import Testing
import TributaryTesting

/// docs/rules.md's ten examples, each run by the binary over one loopback feed, checked by
/// what a reader sees: the digest's titles and tags, and what `rules test` says matched.
@Suite struct RuleExampleTests {
    /// One feed with an item for each example to act on.
    static func feed(now: Date = Date()) -> String {
        let dates = DateFormatter()
        dates.locale = Locale(identifier: "en_US_POSIX")
        dates.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
        func item(
            _ title: String, _ slug: String, author: String = "Sam Writer", tags: [String] = [],
            rank: Int? = nil, daysAgo: Double = 0.1, summary: String = "Text.", host: String = "example.org"
        ) -> String {
            let categories = tags.map { "<category>\($0)</category>" }.joined()
            let score = rank.map { "<re:rank>\($0)</re:rank>" } ?? ""
            let date = dates.string(from: now.addingTimeInterval(-daysAgo * 86_400))
            return "<item><title>\(title)</title><link>https://\(host)/\(slug)</link><dc:creator>\(author)</dc:creator>"
                + "\(categories)\(score)<pubDate>\(date)</pubDate><description>\(summary)</description></item>"
        }
        let items = [
            item("Sponsored: Try CloudThing", "ad", tags: ["ad"]),
            item("Understanding actors in Swift", "actors", author: "Jane Appleseed", tags: ["swift"], rank: 12),
            item("Why is my async code slow?", "async", tags: ["swift"], rank: 3),
            item("Café culture in Lisbon", "cafe"),
            item("Old news from last month", "old", daysAgo: 30),
            item("Patch Tuesday", "patch", summary: "A Security Advisory for every user."),
            item("A post on Medium", "post", host: "medium.com"),
            item("Election night", "election", tags: ["politics"]),
            item("Policy explainer", "policy", author: "Jane Appleseed", tags: ["politics"]),
            item("Release 2.0 is out", "release", author: "Release Bot"),
            item("Release notes digest", "notes"),
        ]
        return #"<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" "#
            + #"xmlns:re="http://purl.org/atompub/rank/1.0"><channel><title>News</title>"#
            + items.joined() + "</channel></rss>"
    }

    static let allTitles = [
        "Sponsored: Try CloudThing", "Understanding actors in Swift", "Why is my async code slow?",
        "Café culture in Lisbon", "Old news from last month", "Patch Tuesday", "A post on Medium", "Election night",
        "Policy explainer", "Release 2.0 is out", "Release notes digest",
    ]

    /// The `rules` lists of docs/rules.md's examples, in order.
    static func examples() throws -> [String] {
        let page = BundledSourcesTests.root.appendingPathComponent("docs/rules.md")
        let text = try String(contentsOf: page, encoding: .utf8)
        let examples = text.components(separatedBy: "## Ten examples").last ?? ""
        return examples.components(separatedBy: "```json\n").dropFirst().compactMap {
            $0.components(separatedBy: "```").first?.trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    /// What a run with the example's rules shows: each title with its tags, and `rules test`'s lines.
    static func run(example number: Int) async throws -> (items: [String: [String]], trial: String) {
        let rules = try examples()[number - 1]
        let feed = feed()
        let server = try await LocalHTTPServer.start { _ in .text(feed, contentType: "application/rss+xml") }
        defer { Task { await server.shutdown() } }
        let entryRules = number == 2 ? #", "rules": \#(rules)"# : ""
        let topRules = number == 2 ? "" : #""rules": \#(rules), "#
        let config = try TributaryBinary.config(
            #"{\#(topRules)"limit": 0, "sources": [{"id": "news", "type": "feed", "url": "\#(server.baseURL)/f"\#(entryRules)}]}"#
        )
        let digest = try await TributaryBinary.run(
            ["digest", "--config", config.path, "--no-state", "--no-cache", "--format", "json", "-q"])
        #expect(digest.status == 0, "\(digest.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(digest.stdout.utf8)) as? [String: Any]
        var items: [String: [String]] = [:]
        for item in object?["items"] as? [[String: Any]] ?? [] {
            items[item["title"] as? String ?? ""] = item["tags"] as? [String] ?? []
        }
        let trial = try await TributaryBinary.run(["rules", "test", "--config", config.path, "-q"])
        #expect(trial.status == 0, "\(trial.stderr)")
        return (items, trial.stdout)
    }

    @Test func thereAreTenExamples() throws {
        #expect(try Self.examples().count == 10)
    }

    @Test func dropSponsoredPosts() async throws {
        let (items, trial) = try await Self.run(example: 1)
        #expect(Set(items.keys) == Set(Self.allTitles).subtracting(["Sponsored: Try CloudThing"]))
        #expect(trial.contains(#"rules[0] "no sponsored posts": matched 1 item, dropped 1"#), "\(trial)")
        #expect(trial.contains("  dropped Sponsored: Try CloudThing (news)"), "\(trial)")
    }

    @Test func keepOnlySwiftQuestionsAboveFive() async throws {
        let (items, _) = try await Self.run(example: 2)
        #expect(Array(items.keys) == ["Understanding actors in Swift"])
    }

    @Test func starByAuthor() async throws {
        let (items, trial) = try await Self.run(example: 3)
        #expect(items.count == Self.allTitles.count)
        #expect(trial.contains("rules[0]: matched 2 items\n  Understanding actors in Swift (news)\n  Policy explainer"))
    }

    @Test func tagByKeyword() async throws {
        let (items, _) = try await Self.run(example: 4)
        #expect(items["Why is my async code slow?"]?.contains("concurrency") == true)
        #expect(items["Understanding actors in Swift"]?.contains("concurrency") == true)
        #expect(items["Release notes digest"]?.contains("concurrency") == false)
    }

    @Test func markOldItemsRead() async throws {
        let (_, trial) = try await Self.run(example: 5)
        #expect(trial.contains("rules[0]: matched 1 item\n  Old news from last month (news)\n"), "\(trial)")
    }

    @Test func notifyOnAPhraseInAnyCase() async throws {
        let (_, trial) = try await Self.run(example: 6)
        #expect(trial.contains("rules[0]: matched 1 item\n  Patch Tuesday (news)\n"), "\(trial)")
    }

    @Test func dropASiteByItsAddress() async throws {
        let (items, _) = try await Self.run(example: 7)
        #expect(items["A post on Medium"] == nil && items.count == Self.allTitles.count - 1)
    }

    @Test func accentsDoNotMatter() async throws {
        let (items, _) = try await Self.run(example: 8)
        #expect(items["Café culture in Lisbon"]?.contains("coffee") == true)
    }

    @Test func hideATopicExceptFromOneAuthor() async throws {
        let (items, _) = try await Self.run(example: 9)
        #expect(items["Election night"] == nil && items["Policy explainer"] != nil)
    }

    @Test func stopLetsTheFirstMatchingRuleWin() async throws {
        let (items, trial) = try await Self.run(example: 10)
        #expect(items["Release 2.0 is out"]?.contains("release") == true)
        #expect(items["Release notes digest"] == nil)
        #expect(
            trial.contains("rules[1]: matched 1 item, dropped 1\n  dropped Release notes digest (news)"), "\(trial)")
    }

    @Test func rulesTestListsWhatIncludeAndExcludeDroppedUnderTheirNames() async throws {
        let feed = Self.feed()
        let server = try await LocalHTTPServer.start { _ in .text(feed, contentType: "application/rss+xml") }
        defer { Task { await server.shutdown() } }
        let config = try TributaryBinary.config(
            #"{"exclude": ["sponsor"], "limit": 0, "sources": [{"id": "news", "type": "feed", "url": "\#(server.baseURL)/f", "exclude": ["medium"], "include": ["u", "g", "b", "p", "month"]}]}"#
        )  // every item has one of the included letters or words but "Why is my async code slow?"
        let digest = try await TributaryBinary.run(
            ["digest", "--config", config.path, "--no-state", "--no-cache", "--format", "json", "-q"])
        #expect(digest.status == 0, "\(digest.stderr)")
        #expect(!digest.stdout.contains("Sponsored") && !digest.stdout.contains("A post on Medium"))
        #expect(!digest.stdout.contains("Why is my async code slow?") && digest.stdout.contains("Patch Tuesday"))
        let trial = try await TributaryBinary.run(["rules", "test", "--config", config.path, "-q"])
        #expect(trial.status == 0, "\(trial.stderr)")
        #expect(
            trial.stdout.contains("sources[0].exclude: matched 1 item, dropped 1\n  dropped A post on Medium (news)\n"))
        #expect(trial.stdout.contains("dropped 1 it did not match"), "\(trial.stdout)")
        #expect(trial.stdout.contains("  dropped Why is my async code slow? (news)\n"), "\(trial.stdout)")
        #expect(trial.stdout.contains("exclude: matched 1 item, dropped 1\n  dropped Sponsored: Try CloudThing (news)"))
    }
}
