import Foundation
import Testing
import Tributary
import TributaryTesting

/// Every date form of `Fixtures/dates/feed.xml`: each item's title is the instant its
/// `pubDate` means, or "no date" (issue 20).
@Suite struct FeedDateTests {
    @Test func everyDateForm() async throws {
        let (items, _) = try await served("dates/feed.xml")
        #expect(items.count == 59)
        for item in items {
            let expected = item.title == "no date" ? nil : utc(item.title)
            #expect(item.published == expected, "\(item.id): \(item.title)")
        }
    }

    @Test func unreadableDatesLeaveTheItemUndated() async throws {
        let (items, _) = try await served("dates/feed.xml")
        let undated = items.filter { $0.published == nil }.map(\.id)
        #expect(undated == ["d50", "d51", "d52", "d53", "d54", "d55", "d56", "d57", "d58"])
    }
}
