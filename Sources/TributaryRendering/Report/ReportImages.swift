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

    /// The image for `url`, or nil when the item has no usable (http/https) image.
    func image(for url: URL?) -> ReportImage? {
        guard let web = WebURL.string(url), let url else { return nil }
        switch self {
        case .linked: return ReportImage(src: web)
        case .embedded(let uris): return ReportImage(src: uris[url])
        }
    }
}

extension FeedItem {
    /// The picture the report shows for the item: its thumbnail, or a photo's full image.
    var reportThumbnail: URL? {
        thumbnail ?? (kind == .photo ? image : nil)
    }
}
