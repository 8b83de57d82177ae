import Foundation

/// Flickr's JSON wire formats, exactly as upstream sends them: the REST
/// `flickr.photos.search` response and the `photos_public.gne` feed.
enum FlickrAPI {
    /// `stat`, and on failure `code` and `message` (always with HTTP 200).
    struct Envelope: Decodable {
        var stat: String?
        var code: FlexibleInt?
        var message: String?
    }

    /// `{"photos": {...}, "stat": "ok"}`.
    struct SearchResponse: Decodable {
        var photos: PhotoPage?
        var stat: String?
    }

    /// One page of results; every number may arrive as a string.
    struct PhotoPage: Decodable {
        var page: FlexibleInt?
        var pages: FlexibleInt?
        var perpage: FlexibleInt?
        var total: FlexibleInt?
        var photo: [Photo]?
    }

    /// A search result with the extras Tributary asks for. Extras come back under other
    /// names than requested (`owner_name` as `ownername`, `date_upload` as `dateupload`).
    struct Photo: Decodable {
        var id: FlexibleString
        var owner: String?
        var secret: String?
        var server: FlexibleString?
        var farm: FlexibleInt?
        var title: String?
        var ispublic: FlexibleInt?
        var ownername: String?
        /// Unix seconds, usually as a string.
        var dateupload: FlexibleInt?
        /// Camera-local time without a zone: "2015-03-29 06:02:30".
        var datetaken: String?
        var datetakenunknown: FlexibleInt?
        var views: FlexibleInt?
        /// Space-separated.
        var tags: String?
        /// 150 px square; absent when upstream withholds the size.
        var url_q: String?
        var height_q: FlexibleInt?
        var width_q: FlexibleInt?
        /// 640 px on the longest side.
        var url_z: String?
        var height_z: FlexibleInt?
        var width_z: FlexibleInt?
    }

    /// The public feed (`format=json`): the 20 newest public photos.
    struct Feed: Decodable {
        var title: String?
        var link: String?
        var modified: String?
        var items: [FeedEntry]?
    }

    struct FeedEntry: Decodable {
        var title: String?
        /// `https://www.flickr.com/photos/{user}/{id}/`
        var link: String?
        var media: Media?
        /// Claims an offset that is not trustworthy; not used.
        var date_taken: String?
        /// HTML.
        var description: String?
        /// ISO 8601 in UTC: "2026-05-20T09:14:03Z".
        var published: String?
        /// `nobody@flickr.com ("Display Name")`
        var author: String?
        var author_id: String?
        /// Space-separated.
        var tags: String?
    }

    struct Media: Decodable {
        /// The 240 px `_m` image.
        var m: String?
    }
}

/// A whole number that upstream sends as a number in one response and a string in the next.
struct FlexibleInt: Decodable, Sendable {
    var value: Int?

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int.self) {
            value = number
        } else if let number = try? container.decode(Double.self) {
            value = Int(exactly: number.rounded())
        } else if let text = try? container.decode(String.self) {
            value = Int(text.trimmingCharacters(in: .whitespaces))
        } else {
            value = nil
        }
    }
}

/// An identifier that is normally a string but may arrive as a number.
struct FlexibleString: Decodable, Sendable {
    var value: String

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            value = text
        } else if let number = try? container.decode(Int.self) {
            value = String(number)
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected a string or a number")
        }
    }
}
