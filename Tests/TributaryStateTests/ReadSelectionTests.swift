import Foundation
import Testing
import Tributary
@testable import TributaryState
import TributaryTesting

/// What `mark-read` and `mark-unread` select: sources, tags (as the archive holds them,
/// ignoring case), every item, and only those first seen before a time; and what they
/// were asked for that the store does not hold.
@Suite struct ReadSelectionTests {
    typealias Fixture = StateStoreTests

    let clock = ManualClock()

    static func item(_ number: Int, source: String, tags: [String]) -> FeedItem {
        FeedItem(
            id: "\(source):\(number)", source: source, sourceType: "feed", kind: .article, title: "Post \(number)",
            url: URL(string: "https://example.org/\(source)/\(number)"), tags: tags)
    }

    /// Items 1–3 of `swift` a week before items 4–6 of `rust`; 2 and 5 are tagged "Linux".
    func store() throws -> StateStore {
        let store = try StateStore(path: Fixture.path(), config: "/feeds.json")
        let old = (1...3).map { Self.item($0, source: "swift", tags: $0 == 2 ? ["Swift", "Linux"] : ["Swift"]) }
        _ = try store.remember(Fixture.digest(old), at: clock.date)
        clock.advance(by: .seconds(8 * 86_400))
        let new = (4...6).map { Self.item($0, source: "rust", tags: $0 == 5 ? ["rust", "linux"] : ["rust"]) }
        _ = try store.remember(Fixture.digest(old + new), at: clock.date)
        return store
    }

    func unread(_ store: StateStore) throws -> [String] {
        try store.archived(.init(unreadOnly: true), now: clock.date).map(\.item.title).sorted()
    }

    @Test func aTagMarksTheItemsCarryingItInEverySourceIgnoringCase() throws {
        let store = try store()
        let marking = try store.markRead(.init(tags: ["LINUX", "nosuch"]), at: clock.date)
        #expect(marking.marked == 2)
        #expect(marking.unknownTags == ["nosuch"], "a tag no item carries is told")
        #expect(try unread(store) == ["Post 1", "Post 3", "Post 4", "Post 6"])
        let back = try store.markUnread(.init(tags: ["linux"]))
        #expect(back.marked == 2 && back.unknownTags.isEmpty)
        #expect(try unread(store).count == 6)
    }

    @Test func aSourceAndATagTogetherMarkEitherOnesItems() throws {
        let store = try store()
        let marking = try store.markRead(.init(sources: ["swift"], tags: ["linux"]), at: clock.date)
        #expect(marking.marked == 4, "Post 1–3, and Post 5 by its tag")
        #expect(try unread(store) == ["Post 4", "Post 6"])
    }

    @Test func olderThanMarksOnlyWhatWasFirstSeenBeforeIt() throws {
        let store = try store()
        let weekAgo = clock.date.addingTimeInterval(-7 * 86_400)
        let marking = try store.markRead(.init(all: true, firstSeenBefore: weekAgo), at: clock.date)
        #expect(marking.marked == 3)
        #expect(try unread(store) == ["Post 4", "Post 5", "Post 6"])
        let tagged = try store.markRead(.init(tags: ["rust"], firstSeenBefore: weekAgo), at: clock.date)
        #expect(tagged.marked == 0, "the rust items are a day old")
    }

    @Test func allMarksEveryItemAndUnknownSourcesAreTold() throws {
        let store = try store()
        #expect(try store.markRead(.init(all: true), at: clock.date).marked == 6)
        #expect(try unread(store).isEmpty)
        let unknown = try store.markUnread(.init(sources: ["swfit"]))
        #expect(unknown.marked == 0 && unknown.unknownSources == ["swfit"])
    }
}
