import Foundation
import Tributary

/// The parameters of `GET /v1/photos` an entry's options call for (the consumer key
/// travels separately, as a secret query parameter).
struct FiveHundredPxQuery: Sendable {
    static let features = ["popular", "upcoming", "editors", "fresh_today", "fresh_yesterday", "fresh_week"]
    static let sorts = [
        "rating", "highest_rating", "created_at", "times_viewed", "votes_count", "favorites_count", "comments_count",
        "taken_at",
    ]

    var feature: String
    var sort: String
    var perPage: Int
    /// Upstream spellings, e.g. "Nude".
    var excludedCategories: [String]
    /// Size ids in the order asked for: the first is the thumbnail, the last the image.
    var imageSizes: [Int]

    var excludedCategoryIDs: Set<Int> {
        Set(excludedCategories.compactMap { FiveHundredPxCategories.ids[$0] })
    }

    /// `image_size[]` repeated once per size, as the legacy docs show
    /// (`&image_size[]=3&image_size[]=4`); `tags=1` asks for each photo's tags.
    var parameters: [(String, String)] {
        var query = [("feature", feature), ("sort", sort), ("rpp", String(perPage))]
        query += imageSizes.map { ("image_size[]", String($0)) }
        if !excludedCategories.isEmpty { query.append(("exclude", excludedCategories.joined(separator: ","))) }
        query.append(("tags", "1"))
        return query
    }
}

extension FiveHundredPxQuery {
    /// Reads and checks the options; throws a configuration error naming the option.
    init(_ options: FiveHundredPxOptions, entry: SourceEntry) throws {
        feature = options.feature
        sort = options.sort
        perPage = options.limit
        excludedCategories = try Self.categories(options.excludeCategories, entry)
        imageSizes = try Self.sizes(options.imageSizes, entry)
    }

    private static func categories(_ names: [String], _ entry: SourceEntry) throws -> [String] {
        try names.map { name in
            guard let known = FiveHundredPxCategories.canonical(name) else {
                let list = FiveHundredPxCategories.names.map { "\"\($0)\"" }.joined(separator: ", ")
                throw entry.invalid("excludeCategories", "\"\(name)\" is not a 500px category; use one of \(list)")
            }
            return known
        }
    }

    private static func sizes(_ values: [String], _ entry: SourceEntry) throws -> [Int] {
        guard !values.isEmpty else {
            throw entry.invalid(
                "imageSizes", "give at least one size id, e.g. [\"3\", \"4\"] (thumbnail first, full size last)")
        }
        return try values.map { value in
            guard let size = Int(TextCleanup.trimmed(value)), size > 0 else {
                throw entry.invalid(
                    "imageSizes",
                    "\"\(value)\" is not a 500px size id; size ids are whole numbers such as \"3\" (thumbnail) or "
                        + "\"4\" (full size)"
                )
            }
            return size
        }
    }
}
