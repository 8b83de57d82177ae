import Foundation
import Testing
import Tributary
import TributaryTesting

/// Photo sites' feeds are shown as photos without `"kind": "photo"`: where most items are
/// mostly one picture, those are photos with that picture as their image; a news item with
/// a lead image and a teaser, a post that opens with a picture, or a blog's one short post
/// around a picture stay articles.
@Suite struct PhotoKindTests {
    static func byTitle(_ fixture: String) async throws -> [String: FeedItem] {
        let (items, _) = try await served("photo-feeds/\(fixture)")
        return Dictionary(uniqueKeysWithValues: items.map { ($0.title, $0) })
    }

    @Test func aPhotoSitesItemsAreShownAsPhotosWithTheirPictures() async throws {
        let items = try await Self.byTitle("photos.xml")
        let fog = try #require(items["Morning fog over the harbour"])
        #expect(fog.kind == .photo, "the picture in the HTML, a caption beside it")
        #expect(fog.image?.absoluteString == "https://cdn.photos.example/1001/m%3D900/fog.jpg")
        let tram = try #require(items["Photo"])
        #expect(tram.kind == .photo)
        #expect(
            tram.image?.path == "/media/7301_1280.jpg" && tram.image?.host == "127.0.0.1", "resolved against the feed")
        let park = try #require(items["Autumn in the park"])
        #expect(park.kind == .photo, "an image attached, a title and no text")
        #expect(park.image?.absoluteString == "https://pixels.example/storage/9920.jpg")
        #expect(items["The last ferry"]?.kind == .article, "a caption that is a story")
    }

    @Test func aTeaserBesideALeadImageOrABlogsShortPostStaysAnArticle() async throws {
        let items = try await Self.byTitle("news.xml")
        #expect(items["Council approves the new tram line"]?.kind == .article)
        #expect(items["What I learned rebuilding my darkroom"]?.kind == .article)
        #expect(items["New lens"]?.kind == .article, "one short post around a picture does not make a photo feed")
        #expect(items["New lens"]?.image == nil)
    }
}
