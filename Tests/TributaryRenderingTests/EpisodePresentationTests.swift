import Foundation
import Testing
import Tributary
import TributaryTesting
@testable import TributaryRendering

/// An item with an audio or video enclosure is shown as a podcast's episode: its show (the
/// source's title), title, duration and date, and, in the report, a player whose file the
/// page's Content-Security-Policy allows from that file's origin alone.
@Suite struct EpisodePresentationTests {
    static let digest = GoldenTests.digest

    static func digest(with enclosures: [Enclosure]) -> Digest {
        var digest = GoldenTests.digest
        digest.items[2].enclosures = enclosures
        return digest
    }

    @Test func textShowsTheShowTheMarkerAndTheFileToPlay() {
        let text = TextRenderer(style: TerminalStyle(isEnabled: false), width: nil).render(Self.digest)
        #expect(text.contains("Harbour Radio · ♫ 42 min · Dana Reyes · 2 h ago"))
        #expect(text.contains("\n     https://media.harbourradio.example/hr042.mp3?a=1&b=2\n"))
        #expect(!text.contains("42.txt"), "a file that does not play is not offered")
    }

    @Test(arguments: [(59, "59 s"), (2_533, "42 min"), (3_723, "1 h 02 min"), (36_000, "10 h 00 min"), (89, "1 min")])
    func durationsReadInMinutes(seconds: Int, label: String) {
        #expect(EpisodeLabel.duration(seconds) == label)
    }

    @Test func videoIsMarkedApartAndAnUnknownDurationLeftOut() throws {
        let video = try #require(Enclosure(urlString: "https://v.example/talk.webm", mimeType: "video/webm"))
        #expect(EpisodeLabel.marker(video) == "▶")
        #expect(EpisodeLabel.marker(GoldenTests.episode.enclosures[0]) == "♫ 42 min")
    }

    @Test func markdownLinksTheFileAfterTheDetails() {
        let line = MarkdownRenderer().line(for: GoldenTests.episode, isNew: false)
        #expect(line.hasSuffix(" · [♫ 42 min](<https://media.harbourradio.example/hr042.mp3?a=1&b=2>)"))
    }

    @Test func theReportPlaysTheEpisodeWithoutLoadingItFirst() throws {
        let html = try HTMLReportRenderer().render(Self.digest)
        #expect(
            html.contains(
                #"<audio controls preload="none" src="https://media.harbourradio.example/hr042.mp3?a=1&amp;b=2"></audio>"#
            ))
        #expect(html.contains(#"<p class="show"><bdi>Harbour Radio</bdi> · 42 min</p>"#))
        #expect(html.contains(#"<section id="episodes" data-section>"#))
        #expect(html.contains(#"<span class="kind">episode</span> <bdi><a href="https://harbourradio.example/42""#))
        #expect(!html.contains("<video"))
    }

    @Test func theReportsPolicyAllowsMediaFromTheEpisodesOriginsAlone() throws {
        let policy = try #require(Self.policy(in: try HTMLReportRenderer().render(Self.digest)))
        #expect(policy.contains("; media-src https://media.harbourradio.example; "))
        #expect(policy.hasPrefix("default-src &#39;none&#39;;"))
        var plain = GoldenTests.digest
        plain.items.removeLast()
        #expect(try Self.policy(in: HTMLReportRenderer().render(plain))?.contains("media-src") == false)
    }

    @Test func aVideoPlaysInAVideoElementAndAPortStaysInItsOrigin() throws {
        let video = try #require(
            Enclosure(urlString: "http://127.0.0.1:8080/talk.mp4", mimeType: "video/mp4", duration: 600))
        let html = try HTMLReportRenderer().render(Self.digest(with: [video]))
        #expect(html.contains(#"<video controls preload="none" src="http://127.0.0.1:8080/talk.mp4"></video>"#))
        #expect(Self.policy(in: html)?.contains("; media-src http://127.0.0.1:8080; ") == true)
    }

    @Test func theSwiftMustacheRenderingHasTheSamePolicy() throws {
        let renderer = try HTMLReportRenderer()
        let compiled = renderer.render(Self.digest, images: .linked, compiledIfPossible: true)
        let interpreted = renderer.render(Self.digest, images: .linked, compiledIfPossible: false)
        #expect(Self.policy(in: compiled) == Self.policy(in: interpreted))
        #expect(Self.policy(in: interpreted)?.contains("media-src https://media.harbourradio.example") == true)
    }

    @Test(arguments: [
        ("https://Media.Example.FM/a.mp3", "https://media.example.fm"),
        ("http://[::1]:8000/a.mp3", "http://[::1]:8000"),
        ("https://a.example:443/x", "https://a.example:443"),
    ])
    func originsAreWrittenAsPolicySources(url: String, origin: String) {
        #expect(ReportEpisode.origin(of: url) == origin)
    }

    static func policy(in html: String) -> String? {
        guard let start = html.range(of: #"<meta http-equiv="Content-Security-Policy" content=""#),
            let end = html[start.upperBound...].firstIndex(of: "\"")
        else { return nil }
        return String(html[start.upperBound..<end])
    }
}
