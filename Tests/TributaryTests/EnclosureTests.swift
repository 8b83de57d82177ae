import Foundation
import Testing

@testable import Tributary

/// `Enclosure`: what it keeps of what a feed says, and how an item's enclosures survive
/// packing, `Codable` and the snapshots of last good items.
@Suite struct EnclosureTests {
    let episode = Enclosure(
        urlString: "https://media.example.fm/e1.mp3", mimeType: "audio/mpeg", length: 48_213_377, duration: 4_001)!

    var item: FeedItem {
        FeedItem(
            id: "pod:1", source: "pod", sourceType: "feed", kind: .article, title: "Episode 1",
            url: URL(string: "https://example.fm/1"),
            enclosures: [
                episode, Enclosure(urlString: "https://example.fm/1.pdf", mimeType: "application/pdf")!,
            ])
    }

    @Test(arguments: ["javascript:alert(1)", "ftp://media.example.fm/a.mp3", "/relative.mp3", "data:audio/mpeg,AA", ""])
    func onlyWebAddressesMakeAnEnclosure(url: String) {
        #expect(Enclosure(urlString: url) == nil)
    }

    @Test func aMediaTypeIsLowerCasedWithoutParametersAndNonsenseIsUnknown() {
        #expect(Enclosure.mediaType(" Audio/MPEG; charset=binary ") == "audio/mpeg")
        #expect(Enclosure.mediaType("audio/x-m4a") == "audio/x-m4a")
        for nonsense in ["audio", "audio/", "/mpeg", "audio/mp eg", "a/b/c", "audio/\"mpeg\"", "<b>x</b>"] {
            #expect(Enclosure.mediaType(nonsense) == nil, "\(nonsense)")
        }
    }

    @Test func sizesAndDurationsOutOfBoundsAreUnknown() throws {
        let enclosure = try #require(
            Enclosure(urlString: "https://a.example/x.mp3", length: Enclosure.maxLength + 1, duration: -1))
        #expect(enclosure.length == nil && enclosure.duration == nil)
        #expect(Enclosure(urlString: "https://a.example/x.mp3", length: 0, duration: 0)?.length == 0)
    }

    @Test func anEpisodeIsTheFirstAudioElseTheFirstVideo() throws {
        #expect(item.episode == episode)
        let video = try #require(Enclosure(urlString: "https://v.example/a.webm", mimeType: "video/webm"))
        var item = item
        item.enclosures = [video, episode]
        #expect(item.episode == episode)
        item.enclosures = [video]
        #expect(item.episode == video)
        item.enclosures = []
        #expect(item.episode == nil && item.enclosures.isEmpty)
    }

    @Test func enclosuresSurvivePacking() {
        var packed = item
        packed.pack()
        #expect(packed.isPacked)
        #expect(packed.enclosures == item.enclosures && packed == item)
        var bare = FeedItem(id: "a", source: "a", sourceType: "feed", kind: .article, title: "A")
        bare.pack()
        #expect(bare.isPacked && bare.enclosures.isEmpty)
    }

    @Test func changingAPackedItemsEnclosuresUnpacksIt() throws {
        var packed = item
        packed.pack()
        packed.enclosures.removeLast()
        #expect(!packed.isPacked && packed.enclosures == [episode] && packed.title == "Episode 1")
    }

    @Test func enclosuresSurviveCodableAndOldItemsWithoutThemStillDecode() throws {
        let encoder = JSONEncoder()
        let decoded = try JSONDecoder().decode(FeedItem.self, from: encoder.encode(item))
        #expect(decoded == item && decoded.enclosures.count == 2)
        let old = #"{"id": "a:1", "source": "a", "sourceType": "feed", "kind": "article", "title": "A", "tags": []}"#
        #expect(try JSONDecoder().decode(FeedItem.self, from: Data(old.utf8)).enclosures.isEmpty)
        let bare = FeedItem(id: "a:1", source: "a", sourceType: "feed", kind: .article, title: "A")
        #expect(!String(decoding: try encoder.encode(bare), as: UTF8.self).contains("enclosures"))
    }

    @Test func anEnclosureWhoseAddressIsNoWebAddressFailsToDecode() {
        let json = #"{"url": "javascript:alert(1)", "mimeType": "audio/mpeg"}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Enclosure.self, from: Data(json.utf8)) }
    }

    @Test func theSanitiserKeepsEightFilesOnceEachWithTheirFieldsCheckedAgain() throws {
        var tampered = episode
        tampered.mimeType = "Audio/MPEG\t<b>"
        tampered.length = -1
        var many = [tampered, episode]
        many += (1...10).map { Enclosure(urlString: "https://media.example.fm/more-\($0).mp3")! }
        let kept = ItemSanitizer.enclosures(many)
        #expect(kept.count == Enclosure.maxCount)
        #expect(kept.first?.urlString == episode.urlString && kept.first?.mimeType == nil && kept.first?.length == nil)
        #expect(kept.dropFirst().first?.urlString == "https://media.example.fm/more-1.mp3", "the repeat left out")
    }

    @Test func snapshotsOfLastGoodItemsKeepEnclosures() throws {
        let items = [item, FeedItem(id: "a", source: "a", sourceType: "feed", kind: .article, title: "A")]
        let decoded = try #require(SnapshotCoding.decode(SnapshotCoding.encode(items[...])))
        #expect(decoded == items)
        #expect(decoded[0].enclosures == item.enclosures)
    }
}
