import Foundation
import Testing
import Tributary
import TributaryTesting
@testable import TributaryRendering

/// The report of a digest the state store remembers: a *new* badge on each new item, "N new"
/// on each source chip that has new items, and a "New only" switch; none of it without memory.
@Suite struct ReportNewItemsTests {
    /// Two photos, a question and the hostile article are new; the rest were seen before.
    static let newIDs: Set = ["flickr:1", "flickr:4", "so-swift:2", "feed:evil"]

    /// The digest as the store remembers it, the items in `newIDs` (or those `isNew` picks) new.
    static func remembered(
        _ digest: Digest = SampleDigest.digest(), isNew: (FeedItem) -> Bool = { newIDs.contains($0.id) }
    ) -> Digest {
        var digest = digest
        digest.memory = DigestMemory(digest.items) { item in
            let isNew = isNew(item)
            let firstSeen = digest.generatedAt.addingTimeInterval(isNew ? 0 : -86_400)
            return ItemMemory(firstSeen: firstSeen, isNew: isNew, isRead: false)
        }
        return digest
    }

    @Test func golden() throws {
        try GoldenTests().check(try HTMLReportRenderer().render(Self.remembered()), against: "report-new.html")
    }

    @Test func theViewMarksNewItemsAndCountsThemPerSource() {
        let page = ReportPage(Self.remembered(), images: .linked)
        #expect(page.hasMemory && page.newItemCount == 4)
        #expect(page.timeline.filter(\.isNew).map(\.anchor).sorted() == ["i1", "i4", "i7", "i10"].sorted())
        #expect(page.photos.filter(\.isNew).count == 2)
        let counts = Dictionary(uniqueKeysWithValues: page.chips.map { ($0.id, $0.newCount) })
        #expect(counts == ["flickr": 2, "so-swift": 1, "x": 0, "feed": 1, "500px": 0, "x-search": 0])
        #expect(page.chips.filter(\.hasNew).map(\.id) == ["flickr", "so-swift", "feed"], "no \"0 new\"")
    }

    @Test func withoutMemoryNothingIsNew() {
        let page = ReportPage(SampleDigest.digest(), images: .linked)
        #expect(!page.hasMemory && page.newItemCount == 0)
        #expect(!page.timeline.contains(where: \.isNew) && !page.chips.contains(where: \.hasNew))
    }

    @Test func eachNewItemHasABadgeInEverySectionThatListsIt() throws {
        let html = try HTMLReportRenderer().render(Self.remembered())
        // 4 items in the gallery or a list, and again in the timeline.
        #expect(ReportRendererTests.count(#"<span class="new" dir="ltr">new</span>"#, in: html) == 8)
        #expect(ReportRendererTests.count(" data-new ", in: html) == 8)
        #expect(html.contains(#"<span class="fresh">2 new</span>"#))
        #expect(ReportRendererTests.count(#"<span class="fresh">1 new</span>"#, in: html) == 2)
        #expect(!html.contains("0 new</span>"))
        #expect(html.contains(#"<input type="checkbox" id="newonly" role="switch">"#))
        #expect(html.contains("4 new"))
    }

    @Test func aDigestWithMemoryButNothingNewHasNoBadgeButKeepsTheSwitch() throws {
        var digest = Self.remembered()
        digest.memory = DigestMemory(digest.items) { _ in
            ItemMemory(firstSeen: digest.generatedAt, isNew: false, isRead: false)
        }
        let html = try HTMLReportRenderer().render(digest)
        #expect(!html.contains(#"class="new""#) && !html.contains(#"class="fresh""#) && !html.contains(" data-new "))
        #expect(html.contains(#"id="newonly""#) && html.contains("· 0 new"))
    }
}
