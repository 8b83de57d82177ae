import Foundation
import Tributary

/// Inlines the report's thumbnails as `data:` URIs (`--embed-images`): those a source
/// already downloaded (`FeedItem.thumbnailData`), and the rest through a
/// `ThumbnailFetcher`. A thumbnail that cannot be had shows as a placeholder.
public struct ImageEmbedder: Sendable {
    let fetcher: ThumbnailFetcher

    public init(fetcher: ThumbnailFetcher) {
        self.fetcher = fetcher
    }

    /// The thumbnails of `digest` as `data:` URIs, keyed by their URL.
    public func embed(_ digest: Digest) async -> ReportImages {
        var uris: [URL: String] = [:]
        for item in digest.items {
            if let url = item.reportThumbnail, let data = item.thumbnailData { uris[url] = data }
        }
        let missing = digest.items.compactMap(\.reportThumbnail).filter { uris[$0] == nil && WebURL.string($0) != nil }
        uris.merge(await fetcher.dataURIs(for: missing)) { first, _ in first }
        return .embedded(uris)
    }
}
