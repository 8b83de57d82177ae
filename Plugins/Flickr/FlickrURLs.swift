import Foundation

/// Flickr's photo page and static image URLs.
enum FlickrURLs {
    /// The page the terms require linking back to; the NSID form always works.
    static func photoPage(owner: String, id: String) -> URL? {
        URL(string: "https://www.flickr.com/photos/\(escaped(owner))/\(escaped(id))/")
    }

    /// `https://live.staticflickr.com/{server}/{id}_{secret}_{suffix}.jpg`; sizes below
    /// 1600 px share the photo's `secret`.
    static func image(_ photo: FlickrAPI.Photo, suffix: String) -> URL? {
        guard let server = photo.server?.value, let secret = photo.secret, !server.isEmpty, !secret.isEmpty else {
            return nil
        }
        let name = "\(escaped(photo.id.value))_\(escaped(secret))_\(suffix).jpg"
        return URL(string: "https://live.staticflickr.com/\(escaped(server))/\(name)")
    }

    /// The photo id in `https://www.flickr.com/photos/{user}/{id}/`.
    static func photoID(_ page: URL) -> String? {
        let parts = page.pathComponents.filter { $0 != "/" }
        guard parts.count >= 3, parts[0] == "photos", parts[2].allSatisfy(\.isNumber) else { return nil }
        return parts[2]
    }

    /// The same photo at another size: `…/{id}_{secret}_m.jpg` becomes `…_{suffix}.jpg`.
    /// A URL not in that form is returned as given.
    static func resized(_ url: URL, to suffix: String) -> URL {
        let name = url.lastPathComponent
        let parts = name.split(separator: "_", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].allSatisfy(\.isNumber), let dot = parts[2].firstIndex(of: "."),
            ["s", "q", "t", "m", "n", "w", "z", "c"].contains(parts[2][..<dot])
        else { return url }
        let resizedName = "\(parts[0])_\(parts[1])_\(suffix)\(parts[2][dot...])"
        return url.deletingLastPathComponent().appendingPathComponent(resizedName)
    }

    private static func escaped(_ part: String) -> String {
        part.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/")))
            ?? part
    }
}
