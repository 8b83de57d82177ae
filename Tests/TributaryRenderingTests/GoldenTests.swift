import Foundation
import Testing
import Tributary
import TributaryRendering

/// Renders a fixed digest and compares it with the files in `Golden/`.
/// Set `TRIBUTARY_UPDATE_GOLDEN=1` to rewrite them after a deliberate change.
@Suite struct GoldenTests {
    static let generatedAt = Date(timeIntervalSince1970: 1_795_320_000)

    static let digest = Digest(
        title: "Morning digest",
        generatedAt: generatedAt,
        sources: [
            SourceStatus(
                id: "so-swift", type: "stackoverflow", state: .ok, message: "quota low: 20/300 requests left",
                itemCount: 2),
            SourceStatus(
                id: "flickr", type: "flickr", state: .failed,
                message: "cannot connect to 127.0.0.1:9: connection refused or lost", errorCode: .connection),
            SourceStatus(
                id: "x", type: "twitter", state: .skipped,
                message: "bearerToken is not set; set TWITTER_BEARER_TOKEN to enable this source"),
            SourceStatus(id: "radio", type: "feed", title: "Harbour Radio", state: .ok, itemCount: 1),
        ],
        items: [
            FeedItem(
                id: "so-swift:1", source: "so-swift", sourceType: "stackoverflow", kind: .question,
                title:
                    #"What's the difference between "let" & "var" in Swift, and why does the compiler [sometimes] "#
                    + #"care?"#,
                url: URL(string: "https://stackoverflow.com/questions/1/slug"), author: "José O'Neil",
                published: generatedAt.addingTimeInterval(-5400), score: 12,
                summary: "3 answers · 1,204 views · answered",
                thumbnail: URL(string: "https://www.gravatar.com/avatar/1"), tags: ["swift", "string"]
            ),
            FeedItem(
                id: "so-swift:2", source: "so-swift", sourceType: "stackoverflow", kind: .question,
                title: "*Bold* <b>claims</b> | pipes",
                url: nil, author: nil, published: nil, score: nil, summary: nil
            ),
            episode,
        ]
    )

    /// A podcast's episode: an audio enclosure timed by `itunes:duration`, and a second,
    /// unplayed one (the transcript).
    static let episode = FeedItem(
        id: "radio:42", source: "radio", sourceType: "feed", kind: .article,
        title: "42: Tides, timetables & time zones", url: URL(string: "https://harbourradio.example/42"),
        author: "Dana Reyes", published: generatedAt.addingTimeInterval(-7200),
        summary: "Why the ferry timetable has three clocks.",
        enclosures: [
            Enclosure(
                urlString: "https://media.harbourradio.example/hr042.mp3?a=1&b=2", mimeType: "audio/mpeg",
                length: 40_531_968, duration: 2_533)!,
            Enclosure(urlString: "https://harbourradio.example/42.txt", mimeType: "text/plain")!,
        ]
    )

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    func check(_ rendered: String, against name: String) throws {
        let file = Self.folder.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["TRIBUTARY_UPDATE_GOLDEN"] == "1" {
            try Data(rendered.utf8).write(to: file)
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        #expect(rendered == expected, "\(name) differs from its golden file")
    }

    @Test func text() throws {
        try check(TextRenderer(style: TerminalStyle(isEnabled: false)).render(Self.digest), against: "digest.txt")
    }

    @Test func textWithColourUsesANSIOnlyAroundOurOwnLabels() throws {
        let coloured = TextRenderer(style: TerminalStyle(isEnabled: true)).render(Self.digest)
        #expect(coloured.contains("\u{1B}[1m"))
        #expect(
            coloured.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
                == TextRenderer(style: TerminalStyle(isEnabled: false)).render(Self.digest))
    }

    @Test func json() throws {
        try check(String(decoding: try JSONRenderer().render(Self.digest), as: UTF8.self), against: "digest.json")
    }

    @Test func jsonEscapesEveryStringSoAnyParserReadsItBack() throws {
        let nasty = "quote \" backslash \\ newline \n tab \t bell \u{07} é 東京 </script>"
        var digest = Self.digest
        digest.title = nasty
        digest.items[1].title = nasty
        let data = try JSONRenderer().render(digest)
        let parsed = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(parsed["title"] as? String == nasty)
        #expect(((parsed["items"] as? [[String: Any]])?[1]["title"] as? String) == nasty)
    }

    @Test func jsonDatesAgreeWithFoundationsISO8601Formatter() throws {
        let seconds: [TimeInterval] = [
            -86_401, -1, 0, 951_782_400, 951_868_799.9, 4_107_542_400, -2_208_988_800, 1_795_320_000, 253_402_300_799,
        ]
        var digest = Self.digest
        digest.items = seconds.enumerated().map { index, second in
            FeedItem(
                id: "d:\(index)", source: "d", sourceType: "feed", kind: .article, title: "t",
                published: Date(timeIntervalSince1970: second))
        }
        let parsed = try #require(
            try JSONSerialization.jsonObject(with: try JSONRenderer().render(digest)) as? [String: Any])
        let written = try #require(parsed["items"] as? [[String: Any]]).map { $0["published"] as? String }
        let formatter = ISO8601DateFormatter()
        #expect(written == seconds.map { formatter.string(from: Date(timeIntervalSince1970: $0.rounded(.down))) })
    }

    @Test func markdown() throws {
        try check(MarkdownRenderer().render(Self.digest), against: "digest.md")
    }
}
