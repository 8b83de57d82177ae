import Foundation

/// The 500px v1 API wire format (`GET /v1/photos`), exactly as upstream sent it,
/// decoded tolerantly: optional where upstream omits, lenient where it drifted.
enum FiveHundredPxAPI {
    /// `{feature, filters, current_page, total_pages, total_items, photos}`; error
    /// answers carry `{error, status}` instead.
    struct Page: Decodable {
        var feature: String?
        var current_page: Int?
        var total_pages: Int?
        var total_items: Int?
        var photos: [Photo]?
        var error: String?
        var status: Int?
    }

    /// A photo in the API's short format.
    struct Photo: Decodable {
        var id: String
        /// The title, shown verbatim.
        var name: String?
        var description: String?
        var rating: Double?
        var times_viewed: Int?
        var votes_count: Int?
        /// "2012-02-09T02:27:16-05:00": local time with a numeric offset.
        var created_at: String?
        /// The category id (see `FiveHundredPxCategories`).
        var category: Int?
        var nsfw: Bool?
        /// A string, or (from 2018-02) an array in the order of the requested sizes.
        var image_url: ImageURL?
        /// `[{size, url, https_url, format}]`; absent in old responses.
        var images: [Image]?
        /// The photo page, relative: "/photo/4910421/orange-or-lemon"; absent in old responses.
        var url: String?
        /// Sent only when asked with `tags=1`.
        var tags: [String]?
        var user: User?
    }

    /// `image_url` as upstream sent it over the years.
    enum ImageURL: Decodable, Equatable {
        case single(String)
        case list([String])

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let list = try? container.decode([String?].self) {
                self = .list(list.compactMap { $0 })
            } else {
                self = .single(try container.decode(String.self))
            }
        }
    }

    /// One size of a photo. Size ids are not pixel sizes.
    struct Image: Decodable {
        var size: Int?
        var url: String?
        var https_url: String?
        var format: String?
    }

    /// The photographer, in the short user format.
    struct User: Decodable {
        var id: Int?
        var username: String?
        var fullname: String?
        var firstname: String?
        var lastname: String?
    }
}
