import Foundation
import Testing

@testable import Tributary

/// A packed item (`FeedItem.pack()`) reads, compares, encodes and changes exactly as the
/// loose item it was packed from.
@Suite struct FeedItemPackingTests {
    func packed(_ item: FeedItem) -> FeedItem {
        var packed = item
        packed.pack()
        return packed
    }

    let full = FeedItem(
        id: "src:e\u{301}", source: "src", sourceType: "feed", kind: .photo, title: "\u{301}starts with a mark",
        url: URL(string: "https://example.com/a"), author: "", published: Date(timeIntervalSince1970: 12.5),
        score: -3, summary: "東京 résumé", thumbnail: URL(string: "https://example.com/t.jpg"),
        image: URL(string: "https://example.com/i.jpg"), tags: ["", "a\u{301}", "\u{301}b", ""])

    @Test func everyFieldReadsBackTheSame() throws {
        let item = packed(full)
        #expect(item.isPacked)
        #expect(item.id == full.id && item.source == full.source && item.sourceType == full.sourceType)
        #expect(item.kind == full.kind && item.title == full.title && item.urlString == full.urlString)
        #expect(item.author == "" && item.published == full.published && item.score == full.score)
        #expect(item.summary == full.summary && item.thumbnail == full.thumbnail)
        #expect(item.imageString == full.imageString)
        #expect(item.tags == ["", "a\u{301}", "\u{301}b", ""])
        #expect(item.thumbnailData == nil)
        #expect(item == full && full == item)
    }

    @Test func theFullArticleReadsBackTheSame() {
        var withArticle = full
        withArticle.content = "<p>The whole post, 東京.</p>"
        let item = packed(withArticle)
        #expect(item.isPacked && item.content == "<p>The whole post, 東京.</p>" && item == withArticle)
        #expect(packed(full).content == nil)
    }

    /// The state store and the digest's memory key items by it, packed or not.
    @Test func theIDHashIsTheStableHashOfTheID() {
        #expect(packed(full).idHash == StableHash.value(full.id))
        #expect(full.idHash == StableHash.value(full.id))
        // FNV-1a of its UTF-8, as the keys of stores already written.
        #expect(StableHash.value(full.id) == 0x5ae1_5da1_f614_809b)
    }

    @Test func absentFieldsStayAbsentAndEmptyOnesEmpty() {
        let bare = FeedItem(id: "", source: "", sourceType: "", kind: .post, title: "")
        let item = packed(bare)
        #expect(item.isPacked && item == bare)
        #expect(item.url == nil && item.author == nil && item.summary == nil && item.tags.isEmpty)
        #expect(item.published == nil && item.score == nil && item.image == nil)
        #expect(packed(FeedItem(id: "", source: "", sourceType: "", kind: .post, title: "", tags: [""])).tags == [""])
    }

    @Test func encodesToTheSameJSON() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(try encoder.encode(packed(full)) == (try encoder.encode(full)))
    }

    @Test func changingAFieldUnpacksAndKeepsTheOthers() {
        var item = packed(full)
        let copy = item
        item.title = "changed"
        #expect(!item.isPacked && item.title == "changed" && item.summary == full.summary && item.tags == full.tags)
        #expect(copy.isPacked && copy.title == full.title)
        #expect(item != copy)
    }

    @Test func itemsThatDoNotPackStayLoose() {
        var tagWithNUL = full
        tagWithNUL.tags = ["a\0b"]
        #expect(!packed(tagWithNUL).isPacked && packed(tagWithNUL).tags == ["a\0b"])
        var huge = full
        huge.thumbnailData = "data:image/png;base64," + String(repeating: "A", count: 70_000)
        #expect(!packed(huge).isPacked && packed(huge) == huge)
    }
}
