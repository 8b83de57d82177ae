import Foundation
import Testing
import Tributary
import TributaryTesting
@testable import TributarySyndication

/// Enclosures as the three formats carry them: RSS 2.0 `<enclosure url length type>` with
/// Apple's `itunes:duration`, Atom `<link rel="enclosure">` (RFC 4287 §4.2.7.2), JSON Feed
/// 1.1 `attachments`, and Media RSS `media:content` of audio or video.
@Suite struct FeedEnclosureTests {
    @Test func aPodcastsEnclosuresKeepTheirTypeLengthAndItunesDuration() async throws {
        let (items, _) = try await served("podcasts/itunes-rss.xml")
        try #require(items.count == 4)
        #expect(
            items[0].enclosures == [
                enclosure(
                    "https://media.harbourradio.example/hr042.mp3", mimeType: "audio/mpeg",
                    length: 40_531_968, duration: 42 * 60 + 13)
            ])
        #expect(items[0].episode?.urlString == "https://media.harbourradio.example/hr042.mp3")
        #expect(items[0].kind == .article, "an episode keeps its kind, so rules on kind match it as before")
    }

    @Test func aMissingTypeIsReadFromTheFilesExtensionAndAZeroLengthIsUnknown() async throws {
        let (items, _) = try await served("podcasts/itunes-rss.xml")
        let enclosure = try #require(items.dropFirst().first?.enclosures.first)
        #expect(enclosure.urlString == "https://media.harbourradio.example/hr041.m4a?ref=rss&v=2")
        #expect(enclosure.mimeType == "audio/mp4")
        #expect(enclosure.length == nil)
        #expect(enclosure.duration == 3_723, "H:MM:SS")
    }

    @Test func aRelativeEnclosureResolvesAndItsTypeLosesParameters() async throws {
        let (items, server) = try await served("podcasts/itunes-rss.xml")
        let enclosure = try #require(items.dropFirst(2).first?.enclosures.first)
        #expect(enclosure.urlString == "\(server.baseURL)/audio/hr040.mp3")
        #expect(enclosure.mimeType == "audio/mpeg" && enclosure.length == 1_234 && enclosure.duration == 3_600)
    }

    @Test func anEnclosureThatIsNoWebAddressIsDropped() async throws {
        let (items, _) = try await served("podcasts/itunes-rss.xml")
        #expect(items.last?.title == "39: Not playable here")
        #expect(items.last?.enclosures == [])
        #expect(items.last?.episode == nil)
    }

    @Test func atomEnclosureLinksAreReadInOrderAndResolvedAgainstXMLBase() async throws {
        let (items, _) = try await served("podcasts/enclosures-atom.xml", contentType: "application/atom+xml")
        let enclosures = try #require(items.first?.enclosures)
        #expect(
            enclosures.map(\.urlString) == [
                "https://talks.example.org/media/talk-7.mp4", "https://cdn.example.net/talk-7.ogg",
                "https://talks.example.org/slides/talk-7.pdf",
            ])
        #expect(enclosures.map(\.mimeType) == ["video/mp4", "audio/ogg", "application/pdf"])
        #expect(enclosures.map(\.length) == [734_003_200, 12_000_000, 48_000])
        #expect(items.first?.episode?.urlString == "https://cdn.example.net/talk-7.ogg", "audio first")
        #expect(items.last?.enclosures == [])
    }

    @Test func jsonFeedAttachmentsKeepSizeAndDurationAndDropRepeatsAndOtherSchemes() async throws {
        let (items, _) = try await served("podcasts/attachments.json", contentType: "application/feed+json")
        #expect(
            items.first?.enclosures == [
                enclosure(
                    "https://cdn.nightshift.example/ns12.mp3", mimeType: "audio/mpeg", length: 28_311_552,
                    duration: 1_769),
                enclosure("https://cdn.nightshift.example/ns12-transcript.txt", mimeType: "text/plain"),
            ])
        #expect(
            items.last?.enclosures == [
                enclosure("https://cdn.nightshift.example/ns11.mp3", mimeType: "audio/mpeg")
            ], "a size past 1 TB and a negative duration read as unknown")
    }

    @Test func mediaContentIsAnEnclosureOnlyWhenItIsAudioOrVideo() async throws {
        let (items, _) = try await served("podcasts/media-rss.xml")
        let item = try #require(items.first)
        #expect(
            item.enclosures == [
                enclosure(
                    "https://video.clips.example/timelapse.webm", mimeType: "video/webm", length: 5_242_880,
                    duration: 40),
                enclosure("https://video.clips.example/timelapse-audio"),
            ])
        #expect(item.imageString == "https://clips.example/timelapse.jpg", "the image is still the item's image")
        #expect(item.episode?.isVideo == true)
    }

    @Test(arguments: [
        ("3600", 3_600), ("42:13", 2_533), ("1:02:03", 3_723), ("01:06:41", 4_001), (" 95 ", 95),
        ("00:8:19", 499), ("1:00:00:30", 3_600), ("3600.7", 3_600),
    ])
    func itunesDurationsReadAsApplesTagsDefineThem(text: String, seconds: Int) {
        #expect(FeedDurations.seconds(text.trimmingCharacters(in: .whitespaces)) == seconds)
    }

    @Test(arguments: ["", "soon", "1:xx", "-5", "1.5:00", "::", "99999999999"])
    func durationsThatAreNoTimeReadAsUnknown(text: String) {
        #expect(FeedDurations.seconds(text) == nil)
    }
}

/// An enclosure the test knows to be valid.
func enclosure(_ url: String, mimeType: String? = nil, length: Int? = nil, duration: Int? = nil) -> Enclosure {
    Enclosure(urlString: url, mimeType: mimeType, length: length, duration: duration)!
}
