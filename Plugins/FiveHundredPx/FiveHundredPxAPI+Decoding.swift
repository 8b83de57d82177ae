import Foundation

/// Lenient decoding: a field of an unexpected type reads as absent instead of failing
/// the whole page (upstream changed `image_url` and number formats without notice).
extension KeyedDecodingContainer {
    func loose<T: Decodable>(_ type: T.Type, _ key: Key) -> T? {
        (try? decodeIfPresent(type, forKey: key)) ?? nil
    }

    /// A number sent as a JSON number or as a numeric string.
    func looseDouble(_ key: Key) -> Double? {
        loose(Double.self, key) ?? loose(String.self, key).flatMap(Double.init)
    }

    func looseInt(_ key: Key) -> Int? {
        loose(Int.self, key) ?? loose(String.self, key).flatMap { Int($0) }
    }
}

extension FiveHundredPxAPI.Photo {
    enum CodingKeys: String, CodingKey {
        case id, name, description, rating, times_viewed, votes_count, created_at, category, nsfw
        case image_url, images, url, tags, user
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard let id = c.looseInt(.id).map(String.init) ?? c.loose(String.self, .id) else {
            throw DecodingError.keyNotFound(
                CodingKeys.id, .init(codingPath: c.codingPath, debugDescription: "photo without id"))
        }
        self.id = id
        name = c.loose(String.self, .name)
        description = c.loose(String.self, .description)
        rating = c.looseDouble(.rating)
        times_viewed = c.looseInt(.times_viewed)
        votes_count = c.looseInt(.votes_count)
        created_at = c.loose(String.self, .created_at)
        category = c.looseInt(.category)
        nsfw = c.loose(Bool.self, .nsfw)
        image_url = c.loose(FiveHundredPxAPI.ImageURL.self, .image_url)
        images = c.loose([FiveHundredPxAPI.Image].self, .images)
        url = c.loose(String.self, .url)
        tags = c.loose([String].self, .tags)
        user = c.loose(FiveHundredPxAPI.User.self, .user)
    }
}

extension FiveHundredPxAPI.Image {
    enum CodingKeys: String, CodingKey { case size, url, https_url, format }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        size = c.looseInt(.size)
        url = c.loose(String.self, .url)
        https_url = c.loose(String.self, .https_url)
        format = c.loose(String.self, .format)
    }
}
