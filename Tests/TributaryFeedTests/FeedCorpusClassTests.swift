import Foundation
import Testing
import Tributary
import TributaryTesting

/// The failure classes the independent corpus run (`scripts/feed-corpus`) found, each
/// read from a fixture written for it (issue 20).
@Suite struct FeedCorpusClassTests {
    /// HTML's comments and raw text elements (`script`, `style`) show no text, so a
    /// summary reduced to text has none of their code.
    @Test func commentsScriptsAndStylesShowNoText() async throws {
        let (items, _) = try await served("corpus-classes/hidden-markup.xml")
        #expect(items.map(\.summary) == ["Before after.", "Shown text", "Kept words", "Psalm 23 and kept"])
    }

    /// The same in Atom's inline XHTML: a `script` or `style` element's text is left out.
    @Test func xhtmlScriptsAndStylesShowNoText() async throws {
        let (items, _) = try await served("corpus-classes/atom-xhtml-code.xml", contentType: "application/atom+xml")
        #expect(items.map(\.title) == ["Counting sheep"])
        #expect(items.map(\.summary) == ["One two three."])
    }

    /// An Atom text construct whose `type` is no media type reads as the default, text,
    /// never as base64; content of another media type is base64 (RFC 4287 §4.1.3.3).
    @Test func atomTypeThatIsNoMediaTypeIsText() async throws {
        let (items, _) = try await served("corpus-classes/atom-untyped-text.xml", contentType: "application/atom+xml")
        #expect(items.map(\.title) == ["Empty type", "No type"])
        #expect(items.map(\.summary) == ["Not a media type", "Hello, bytes"])
    }

    /// Apple's podcast tags: an item's `itunes:category` is a tag (its `text`), and so is a
    /// subcategory nested in it; the channel's categories are not the items'.
    @Test func itunesCategoriesAreTags() async throws {
        let (items, _) = try await served("corpus-classes/podcast-categories.xml")
        #expect(items.map(\.tags) == [["interviews", "Science", "Earth Sciences"], ["Arts & Design"]])
    }

    /// Media RSS's `media:title` titles an item that has no `title` of its own, and never
    /// one that has.
    @Test func mediaTitleIsTheTitleOfAnUntitledItem() async throws {
        let (items, _) = try await served("corpus-classes/media-title.xml")
        #expect(items.map(\.title) == ["Harbour at dawn", "The item's own title"])
    }

    /// `&amp;` in an attribute is `&`: in a link's query string, a thumbnail's address and a
    /// category's term (libxml2 hands it on as `&#38;`, which must not reach the item).
    @Test func ampersandsInAttributesAreAmpersands() async throws {
        let (items, _) = try await served(
            "corpus-classes/attribute-ampersands.xml", contentType: "application/atom+xml")
        let item = try #require(items.first)
        #expect(item.url?.absoluteString == "https://amp.example/read?id=7&lang=en")
        #expect(item.thumbnail?.absoluteString == "https://img.amp.example/t?w=120&h=90")
        #expect(item.tags == ["Rock & Roll", "Q&A"])
    }

    /// An RSS item's full content written as XHTML (`xhtml:body`, or `body` in no
    /// namespace) or as escaped HTML in `fullitem` is its content: read as text, its
    /// scripts left out; the item's own `description` stays the summary.
    @Test func bodyAndFullitemAreTheItemsContent() async throws {
        let (items, _) = try await served("corpus-classes/item-body.xml")
        #expect(items.map(\.title) == ["Tide tables", "Ferry times", "Harbour dues", "Crane repairs"])
        #expect(
            items.map(\.summary) == [
                "High water at noon. Low water at six.", "First boat at seven.", "Dues rise & fall",
                "The short notice.",
            ])
    }

    /// Apple's first podcast specification gave an episode's artwork as
    /// `<itunes:link rel="image" href=…>`: the item's thumbnail. A link of another `rel` is not.
    @Test func itunesImageLinkIsTheThumbnail() async throws {
        let (items, _) = try await served("corpus-classes/itunes-link-image.xml")
        #expect(items.map(\.title) == ["Episode one", "Episode two"])
        #expect(items.map(\.thumbnail?.absoluteString) == ["https://radio.example/art/one.jpg", nil])
    }
}
