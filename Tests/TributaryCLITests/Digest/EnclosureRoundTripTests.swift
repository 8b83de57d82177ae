import Foundation
import Testing

/// An item's enclosures through `--format atom|rss|jsonfeed` and back through a `feed` entry:
/// Atom and JSON Feed keep every file in order with what is known of it; RSS keeps its one
/// `<enclosure>` (the episode, with its duration) and the files that play.
@Suite struct EnclosureRoundTripTests {
    static let feed = """
        <?xml version="1.0" encoding="utf-8"?>
        <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:media="http://search.yahoo.com/mrss/">
        <channel><title>Talks</title><link>https://talks.example.org</link><description>Talks.</description>
        <item><title>Reading feeds</title><link>https://talks.example.org/7</link><guid>talk-7</guid>
        <pubDate>Sat, 21 Nov 2026 10:00:00 +0000</pubDate>
        <enclosure url="https://talks.example.org/talk-7.pdf" length="48000" type="application/pdf"/>
        <media:content url="https://cdn.example.net/talk-7.mp3?a=1&amp;b=2" type="audio/mpeg" fileSize="12000000" duration="2533"/>
        <media:content url="https://video.example.net/talk-7.webm" type="video/webm" duration="2540"/>
        </item>
        <item><title>No files</title><link>https://talks.example.org/6</link><guid>talk-6</guid>
        <pubDate>Fri, 20 Nov 2026 10:00:00 +0000</pubDate></item>
        </channel></rss>
        """

    /// Each item's enclosures, by title, as `--format json` gives them from `file`.
    func enclosures(of file: URL) async throws -> [String: [DigestFeedTests.Enclosure]] {
        let config = try TributaryBinary.config(
            #"{"sources": [{"id": "talks", "type": "feed", "url": "\#(file.absoluteString)"}]}"#)
        let result = try await TributaryBinary.run(["digest", "--format", "json", "-q", "--config", config.path])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let items = try JSONDecoder().decode(DigestFeedTests.DigestJSON.self, from: Data(result.stdout.utf8)).items
        return Dictionary(uniqueKeysWithValues: items.map { ($0.title, $0.enclosures) })
    }

    /// The original's enclosures, and those read back from it written as `format`.
    func roundTrip(_ format: String) async throws -> (
        before: [DigestFeedTests.Enclosure], after: [String: [DigestFeedTests.Enclosure]]
    ) {
        let folder = try TributaryBinary.config("{}").deletingLastPathComponent()
        let original = folder.appendingPathComponent("talks.xml")
        try Data(Self.feed.utf8).write(to: original)
        let before = try await enclosures(of: original)
        let written = folder.appendingPathComponent("digest.\(format)")
        let config = try TributaryBinary.config(
            #"{"sources": [{"id": "talks", "type": "feed", "url": "\#(original.absoluteString)"}]}"#)
        let result = try await TributaryBinary.run(
            ["digest", "-q", "--format", format, "--out", written.path, "--config", config.path])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(before["No files"] == [])
        return (before["Reading feeds"] ?? [], try await enclosures(of: written))
    }

    @Test(arguments: ["atom", "jsonfeed"])
    func atomAndJSONFeedKeepEveryFileInOrder(format: String) async throws {
        let (before, after) = try await roundTrip(format)
        #expect(
            before.map(\.url) == [
                "https://talks.example.org/talk-7.pdf", "https://cdn.example.net/talk-7.mp3?a=1&b=2",
                "https://video.example.net/talk-7.webm",
            ])
        #expect(before[1].duration == 2533 && before[1].length == 12_000_000 && before[0].length == 48_000)
        #expect(after["Reading feeds"] == before)
        #expect(after["No files"] == [])
    }

    @Test func rssKeepsTheEpisodeFirstAndTheFilesThatPlay() async throws {
        let (before, after) = try await roundTrip("rss")
        #expect(after["Reading feeds"] == [before[1], before[2]])
        #expect(after["No files"] == [])
    }
}
