import Foundation

/// Picks a photo's image URLs for the requested size ids, from whichever shape the
/// response used: `images` (preferring `https_url`), `image_url` as an array (in the
/// order of the requested sizes) or `image_url` as one string. URLs are used as sent:
/// the legacy terms forbid altering them (they are signed).
enum FiveHundredPxImages {
    /// The URL for each requested size that the photo carries, in request order.
    static func urls(_ photo: FiveHundredPxAPI.Photo, sizes: [Int]) -> [URL] {
        sizes.enumerated().compactMap { index, size in
            url(photo, size: size, index: index).flatMap(URL.init(string:))
        }
    }

    /// (thumbnail, image): the first and last requested size found.
    static func pick(_ photo: FiveHundredPxAPI.Photo, sizes: [Int]) -> (thumbnail: URL?, image: URL?) {
        let found = urls(photo, sizes: sizes)
        if !found.isEmpty { return (found.first, found.last) }
        let fallback = anyImage(photo).flatMap(URL.init(string:))
        return (fallback, fallback)
    }

    private static func url(_ photo: FiveHundredPxAPI.Photo, size: Int, index: Int) -> String? {
        if let image = photo.images?.first(where: { $0.size == size }), let link = best(image) { return link }
        switch photo.image_url {
        case .list(let list)? where list.indices.contains(index): return nonEmpty(list[index])
        case .single(let link)? where photo.images == nil: return nonEmpty(link)
        default: return nil
        }
    }

    /// Any image at all, when none of the requested sizes came back.
    private static func anyImage(_ photo: FiveHundredPxAPI.Photo) -> String? {
        if let link = photo.images?.lazy.compactMap(best).first { return link }
        switch photo.image_url {
        case .list(let list)?: return list.lazy.compactMap(nonEmpty).first
        case .single(let link)?: return nonEmpty(link)
        case nil: return nil
        }
    }

    private static func best(_ image: FiveHundredPxAPI.Image) -> String? {
        image.https_url.flatMap(nonEmpty) ?? image.url.flatMap(nonEmpty)
    }

    private static func nonEmpty(_ text: String) -> String? {
        text.isEmpty ? nil : text
    }
}
