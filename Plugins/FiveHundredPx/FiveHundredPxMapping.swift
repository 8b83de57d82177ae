import Foundation
import Tributary

/// Maps 500px photos to digest items. Pure.
enum FiveHundredPxMapping {
    static let site = "https://500px.com"

    static func item(_ photo: FiveHundredPxAPI.Photo, sizes: [Int]) -> FeedItem {
        let images = FiveHundredPxImages.pick(photo, sizes: sizes)
        return FeedItem(
            id: photo.id,
            source: "", sourceType: FiveHundredPxSource.type, kind: .photo,
            title: title(photo),
            url: pageURL(photo),
            author: author(photo.user),
            published: photo.created_at.flatMap(ISO8601Date.parse),
            score: photo.rating,
            summary: summary(photo),
            thumbnail: images.thumbnail,
            image: images.image,
            tags: photo.tags ?? []
        )
    }

    /// `name` verbatim (500px titles are plain text); "Untitled" when absent or empty.
    static func title(_ photo: FiveHundredPxAPI.Photo) -> String {
        guard let name = photo.name, !name.isEmpty else { return "Untitled" }
        return name
    }

    /// `https://500px.com` + the relative `url`, or `/photo/{id}` when it is absent.
    static func pageURL(_ photo: FiveHundredPxAPI.Photo) -> URL? {
        guard let path = photo.url, !path.isEmpty else { return URL(string: "\(site)/photo/\(photo.id)") }
        if path.hasPrefix("http://") || path.hasPrefix("https://") { return URL(string: path) }
        return URL(string: site + (path.hasPrefix("/") ? path : "/" + path))
    }

    /// `fullname`, else `username`.
    static func author(_ user: FiveHundredPxAPI.User?) -> String? {
        let names = [user?.fullname, user?.username].compactMap { $0.map(TextCleanup.singleLine) }
        return names.first { !$0.isEmpty }
    }

    /// "97.4 rating · 709 views · 88 votes", then the description.
    static func summary(_ photo: FiveHundredPxAPI.Photo) -> String? {
        var parts: [String] = []
        if let rating = photo.rating {
            parts.append("\(DecimalText.upToOneDecimal(rating)) rating")
        }
        if let views = photo.times_viewed { parts.append("\(DecimalText.grouped(views)) views") }
        if let votes = photo.votes_count { parts.append(votes == 1 ? "1 vote" : "\(votes) votes") }
        if let text = photo.description.map(TextCleanup.plainText(fromHTML:)), !text.isEmpty { parts.append(text) }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }
}
