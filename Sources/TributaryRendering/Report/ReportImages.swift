import Foundation
import Tributary

/// How the report shows thumbnails.
public enum ReportImages: Sendable {
    /// As links to the images on the web.
    case linked
    /// As `data:` URIs, by original URL; a thumbnail missing from the map is shown as a placeholder.
    case embedded([URL: String])

    var allowsDataURIs: Bool {
        if case .embedded = self { return true }
        return false
    }

    /// The image for `item`'s thumbnail, or nil when it has no usable (http/https) one.
    func image(for item: FeedItem) -> ReportImage? {
        guard let web = WebURL.string(item.reportThumbnailString) else { return nil }
        switch self {
        case .linked: return ReportImage(src: web)
        case .embedded(let uris): return ReportImage(src: item.reportThumbnail.flatMap { uris[$0] })
        }
    }
}

extension FeedItem {
    /// The picture the report shows for the item: its thumbnail, or a photo's full image.
    var reportThumbnail: URL? {
        thumbnail ?? (kind == .photo ? image : nil)
    }

    /// `reportThumbnail`'s absolute string, without building a `URL`.
    var reportThumbnailString: String? {
        thumbnailString ?? (kind == .photo ? imageString : nil)
    }
}
