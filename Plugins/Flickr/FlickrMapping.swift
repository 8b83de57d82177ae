import Foundation
import Tributary

/// Maps Flickr search results and feed entries to digest items. Pure.
enum FlickrMapping {
    static let untitled = "Untitled photo"

    static func item(_ photo: FlickrAPI.Photo) -> FeedItem {
        let id = photo.id.value
        return FeedItem(
            id: id, source: "", sourceType: FlickrSource.type, kind: .photo,
            title: title(photo.title),
            url: photo.owner.flatMap { FlickrURLs.photoPage(owner: $0, id: id) },
            // Without the `owner_name` extra (or with it empty) the owner's NSID, as the page URL uses.
            author: photo.ownername.map(clean).flatMap(nonEmpty) ?? photo.owner.map(clean).flatMap(nonEmpty),
            published: photo.dateupload?.value.map { Date(timeIntervalSince1970: TimeInterval($0)) },
            score: photo.views?.value.map(Double.init),
            summary: photo.views?.value.map { $0 == 1 ? "1 view" : "\(DecimalText.grouped($0)) views" },
            thumbnail: photo.url_q.flatMap(URL.init(string:)) ?? FlickrURLs.image(photo, suffix: "q"),
            image: photo.url_z.flatMap(URL.init(string:)) ?? FlickrURLs.image(photo, suffix: "z"),
            tags: tags(photo.tags)
        )
    }

    /// A feed entry, or nil when it has no link to take its id from.
    static func item(_ entry: FlickrAPI.FeedEntry) -> FeedItem? {
        guard let link = entry.link, let page = URL(string: link), let id = FlickrURLs.photoID(page) else { return nil }
        let author = entry.author.flatMap(FeedAuthor.name)
        let medium = entry.media?.m.flatMap(URL.init(string:))
        return FeedItem(
            id: id, source: "", sourceType: FlickrSource.type, kind: .photo,
            title: title(entry.title),
            url: page,
            author: author,
            published: entry.published.flatMap(ISO8601Date.parse),
            summary: entry.description.flatMap { FeedDescription.text($0, author: author) },
            thumbnail: medium.map { FlickrURLs.resized($0, to: "q") },
            image: medium.map { FlickrURLs.resized($0, to: "z") },
            tags: tags(entry.tags)
        )
    }

    static func title(_ raw: String?) -> String {
        nonEmpty(clean(raw ?? "")) ?? untitled
    }

    static func clean(_ text: String) -> String {
        TextCleanup.decodedLine(text)
    }

    static func nonEmpty(_ text: String) -> String? {
        text.isEmpty ? nil : text
    }

    static func tags(_ raw: String?) -> [String] {
        (raw ?? "").split(separator: " ").map(String.init)
    }
}
