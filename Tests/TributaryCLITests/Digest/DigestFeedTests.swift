import Foundation
import FoundationXML
import Testing

/// `digest --format atom|rss|jsonfeed`: the digest as a feed another reader can subscribe
/// to, which Tributary's own `feed` source reads back item for item.
@Suite struct DigestFeedTests {
    struct Item: Decodable, Equatable {
        let title: String
        let url: String?
        let published: String?
        let author: String?
        let source: String
        let tags: [String]
        let enclosures: [Enclosure]
    }

    /// An enclosure as `--format json` writes it.
    struct Enclosure: Decodable, Equatable {
        let url: String
        let mimeType: String?
        let length: Int?
        let duration: Int?
    }

    struct DigestJSON: Decodable {
        let items: [Item]
    }

    static let replay = [
        "--replay", TributaryBinary.root.appendingPathComponent("Recordings").path,
        "--config", TributaryBinary.root.appendingPathComponent("feeds.json").path, "-q", "--no-cache",
    ]

    func scratchFolder() throws -> URL {
        try TributaryBinary.config("{}").deletingLastPathComponent()
    }

    /// The recorded digest (every source), as `--format json` gives it.
    func recordedDigest() async throws -> [Item] {
        let result = try await TributaryBinary.run(["digest", "--format", "json"] + Self.replay)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        return try JSONDecoder().decode(DigestJSON.self, from: Data(result.stdout.utf8)).items
    }

    /// Reads `file` through a `feed` entry and returns the items of that digest.
    func readBack(_ file: URL) async throws -> [Item] {
        let config = try TributaryBinary.config(
            #"{"limit": 0, "sources": [{"id": "back", "type": "feed", "url": "\#(file.absoluteString)"}]}"#)
        let result = try await TributaryBinary.run(["digest", "--format", "json", "-q", "--config", config.path])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        return try JSONDecoder().decode(DigestJSON.self, from: Data(result.stdout.utf8)).items
    }

    @Test(arguments: ["atom", "rss", "jsonfeed"])
    func theFeedReadsBackWithEveryItemsTitleURLDateAuthorAndEnclosures(format: String) async throws {
        let original = try await recordedDigest()
        #expect(original.count > 50)
        #expect(original.contains { $0.enclosures.contains { $0.mimeType == "audio/mpeg" && $0.duration != nil } })
        let file = try scratchFolder().appendingPathComponent("digest.\(format == "jsonfeed" ? "json" : "xml")")
        let result = try await TributaryBinary.run(["digest", "--format", format, "--out", file.path] + Self.replay)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.isEmpty, "the feed goes to the file")
        if format != "jsonfeed" {
            let parser = XMLParser(data: try Data(contentsOf: file))
            #expect(parser.parse(), "well-formed XML: \(String(describing: parser.parserError))")
        }
        // Items of the same date may come back in another order: match them by URL (or title).
        let back = Dictionary(try await readBack(file).map { ($0.url ?? $0.title, $0) }) { first, _ in first }
        #expect(back.count == original.count)
        for before in original {
            guard let after = back[before.url ?? before.title] else {
                Issue.record("\(before.title) did not come back")
                continue
            }
            #expect(after.title == before.title)
            #expect(after.url == before.url)
            #expect(after.published == before.published)
            #expect(after.author == before.author)
            #expect(after.tags.first == before.source, "the source is the first category")
            #expect(Array(after.tags.dropFirst()) == before.tags)
            #expect(after.enclosures == before.enclosures, "\(before.title)")
        }
    }

    @Test func aFileThatCannotBeWrittenIsNamedWithTheReason() async throws {
        let folder = try scratchFolder()
        let result = try await TributaryBinary.run(
            ["digest", "--format", "rss", "--out", "missing/digest.xml"] + Self.replay, in: folder)
        #expect(result.status == 1)
        let message = "tributary: cannot write missing/digest.xml: No such file or directory"
        #expect(result.stderr.contains(message), "stderr: \(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["feeds.json"])
    }

    @Test(arguments: ["atom", "rss", "jsonfeed"])
    func idsAndContentAreTheSameInEveryRun(format: String) async throws {
        let first = try await TributaryBinary.run(["digest", "--format", format] + Self.replay)
        let second = try await TributaryBinary.run(["digest", "--format", format] + Self.replay)
        #expect(first.status == 0 && second.status == 0, "stderr: \(first.stderr)")
        #expect(first.stdout == second.stdout)
        #expect(first.stdout.contains("urn:uuid:"))
    }
}

/// The summary is plain text in the digest; in the feeds it is HTML, escaped once more for XML.
@Suite struct DigestFeedEscapingTests {
    static let feed = """
        <?xml version="1.0"?><rss version="2.0"><channel><title>Generic</title>
        <item><title>Fish &amp; chips &lt;T&gt;</title><link>https://x.example/1?a=1&amp;b=2</link>
        <guid>one</guid><pubDate>Sun, 22 Nov 2026 06:00:00 +0000</pubDate>
        <description>Use &amp;lt;T&amp;gt; &amp;amp; &amp;quot;more&amp;quot;</description></item>
        </channel></rss>
        """

    func digest(_ format: String) async throws -> String {
        let folder = try TributaryBinary.config("{}").deletingLastPathComponent()
        let feed = folder.appendingPathComponent("in.xml")
        try Data(Self.feed.utf8).write(to: feed)
        let config = try TributaryBinary.config(
            #"{"title": "Mine & yours", "sources": [{"id": "gen", "title": "Generic <feed>", "type": "feed", "#
                + #""url": "\#(feed.absoluteString)"}]}"#)
        let result = try await TributaryBinary.run(["digest", "-q", "--format", format, "--config", config.path])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        return result.stdout
    }

    @Test func atomSummariesAreEscapedHTML() async throws {
        let atom = try await digest("atom")
        #expect(
            atom.contains(#"<summary type="html">Use &amp;lt;T&amp;gt; &amp;amp; &amp;quot;more&amp;quot;</summary>"#))
        #expect(atom.contains("<title>Fish &amp; chips &lt;T&gt;</title>"))
        #expect(atom.contains(#"<link rel="alternate" href="https://x.example/1?a=1&amp;b=2"/>"#))
        #expect(atom.contains(#"<category term="gen" label="Generic &lt;feed&gt;" scheme="urn:tributary:source"/>"#))
        #expect(atom.contains("<published>2026-11-22T06:00:00Z</published>"))
        #expect(atom.contains("<title>Mine &amp; yours</title>"))
    }

    @Test func rssDescriptionsAreEscapedHTML() async throws {
        let rss = try await digest("rss")
        #expect(rss.contains("<description>Use &amp;lt;T&amp;gt; &amp;amp; &amp;quot;more&amp;quot;</description>"))
        #expect(rss.contains("<pubDate>Sun, 22 Nov 2026 06:00:00 +0000</pubDate>"))
        #expect(rss.contains(#"<category domain="urn:tributary:source">gen</category>"#))
        #expect(rss.contains(#"<guid isPermaLink="false">urn:uuid:"#))
    }

    @Test func jsonFeedContentIsHTML() async throws {
        let json = try await digest("jsonfeed")
        let document = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        #expect(document?["version"] as? String == "https://jsonfeed.org/version/1.1")
        let item = (document?["items"] as? [[String: Any]])?.first
        #expect(item?["content_html"] as? String == "Use &lt;T&gt; &amp; &quot;more&quot;")
        #expect(item?["title"] as? String == "Fish & chips <T>")
        #expect(item?["date_published"] as? String == "2026-11-22T06:00:00Z")
        #expect(item?["tags"] as? [String] == ["gen"])
        #expect(item?["authors"] == nil && document?["authors"] == nil, "nothing for an authorless item to inherit")
    }
}
