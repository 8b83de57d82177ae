import Foundation
import Testing
import Tributary
import TributaryTesting
@testable import TributaryRendering

/// The report as a demanding reader sees it: right-to-left titles isolated, no text shown
/// twice, Hacker News listings as points and a comments link, the timeline as a view, the
/// chips in one line on a phone, empty states that say why, and scores ranked per source.
@Suite struct ReportReadingTests {
    static let html = try! HTMLReportRenderer().render(ReadingDigest.digest())

    @Test func golden() throws {
        try GoldenTests().check(Self.html, against: "report-reading.html")
    }

    @Test func titlesSummariesAuthorsAndTagsAreIsolatedForRightToLeftText() {
        #expect(Self.html.contains(#"<h3 dir="auto"><a href="https://example.org/ar/1""#))
        #expect(Self.html.contains(#"<p class="summary" dir="auto">"#))
        #expect(Self.html.contains("<bdi>דנה כהן</bdi>"))
        #expect(Self.html.contains(#"<span class="tag" dir="auto">עברית</span>"#))
        #expect(Self.html.contains(#"<span class="caption" dir="auto">"#))
    }

    @Test func aSummaryThatRepeatsTheTitleIsShownOnce() {
        #expect(ItemText.unrepeated("Same words here", title: "Same words here") == nil)
        #expect(ItemText.unrepeated("  Same   words here ", title: "Same words here") == nil)
        #expect(ItemText.unrepeated("Launch day: the rest follows", title: "Launch day") == "the rest follows")
        #expect(ItemText.unrepeated("Swiftly done", title: "Swift") == "Swiftly done", "a word, not a prefix")
        #expect(
            ItemText.unrepeated("A long post that was cut here and goes on", title: "A long post that was cu…")
                == "…cut here and goes on", "a cut title: the rest from the word it cut")
        #expect(Self.count("We shipped the harbour timelapse", in: Self.html) == 2, "the row and the timeline")
    }

    @Test func aHackerNewsListingBecomesPointsAndACommentsLinkWithoutText() {
        #expect(!Self.html.contains("Article URL") && !Self.html.contains("Points:"))
        #expect(Self.html.contains(#"<span class="score" title="score as the source gave it">412</span>"#))
        #expect(
            Self.html.contains(
                #"<a href="https://news.ycombinator.com/item?id=46012400" rel="noopener noreferrer">103 comments</a>"#))
        let ask = HackerNewsListing(
            "What do you use? Comments URL: https://news.ycombinator.com/item?id=7 Points: 1 # Comments: 1")
        #expect(ask?.text == "What do you use? " && ask?.points == 1 && ask?.comments == 1)
        #expect(HackerNewsListing("Points: 3 of 5 # Comments: 2") == nil)
    }

    @Test func theTimelineIsAViewNotASecondCopyShownBelow() {
        #expect(Self.html.contains(#"<input type="radio" name="view" id="view-timeline">"#))
        #expect(Self.html.contains(#"<section id="timeline" class="timeline-view" data-section>"#))
        #expect(!Self.html.contains(##"<a href="#timeline">"##))
    }

    @Test func theChipsHaveAOneLineTallyAndFailuresOpenOnTap() {
        #expect(
            Self.html.contains(#"<label for="sources-open" class="chip tally">5 ok · 1 failed · 1 skipped</label>"#))
        #expect(Self.html.contains(#"<details class="chip failed"><summary>"#))
    }

    @Test func chipsCountWhatTheFiltersLeft() throws {
        var digest = ReadingDigest.digest()
        digest.sources[0].itemCount = 15
        let html = try HTMLReportRenderer().render(digest)
        #expect(html.contains("<span>2 of 15</span>"))
        #expect(html.contains("<span>2</span>") && !html.contains(" of 2</span>"), "all shown: the count alone")
    }

    @Test func anEmptyDigestSaysWhichFiltersRemovedWhatAndWhichSourcesFailed() throws {
        var digest = ReadingDigest.digest()
        digest.items = []
        digest.narrowing = DigestNarrowing(filters: [#"--grep "actor""#, #"include "swift""#], removed: 15)
        let html = try HTMLReportRenderer().render(digest)
        try GoldenTests().check(html, against: "report-empty.html")
        #expect(html.contains("The filters removed 15 items: --grep &quot;actor&quot;, include &quot;swift&quot;."))
        #expect(html.contains("Failed: hn-api (the server answered 503: Service Unavailable"))
        #expect(html.contains("Skipped: x-search (bearerToken is not set"))
        digest.sources = digest.sources.filter { $0.state == .ok }
        digest.narrowing = DigestNarrowing()
        #expect(try HTMLReportRenderer().render(digest).contains("<p dir=\"auto\">The sources returned no items.</p>"))
    }

    @Test func scoresSortByTheirRankWithinTheirSourceAndShowAsGiven() {
        let page = ReportPage(ReadingDigest.digest(), images: .linked)
        let photos = page.photos.map { ($0.score, $0.scoreRank) }
        #expect(photos.map(\.0) == ["99.9", "98.1"] && photos.map(\.1) == [100, 0])
        let question = page.lists.flatMap(\.items).first { $0.source == "so" }
        #expect(question?.score == "14" && question?.scoreRank == 100, "a lone score ranks at the top of its source")
        #expect(Self.html.contains(#"data-score="-1.0""#), "no score: last")
    }

    static func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }
}
