/// The photo categories of the 500px v1 API, by id, as documented in
/// 500px/legacy-api-documentation `basics/formats_and_terms.md#categories`.
/// `GET /v1/photos` takes category *names* in `exclude` (case sensitive, comma
/// separated); photos carry the category *id* in `category`.
enum FiveHundredPxCategories {
    static let ids: [String: Int] = [
        "Uncategorized": 0, "Celebrities": 1, "Film": 2, "Journalism": 3, "Nude": 4,
        "Black and White": 5, "Still Life": 6, "People": 7, "Landscapes": 8,
        "City and Architecture": 9, "Abstract": 10, "Animals": 11, "Macro": 12, "Travel": 13,
        "Fashion": 14, "Commercial": 15, "Concert": 16, "Sport": 17, "Nature": 18,
        "Performing Arts": 19, "Family": 20, "Street": 21, "Underwater": 22, "Food": 23,
        "Fine Art": 24, "Wedding": 25, "Transportation": 26, "Urban Exploration": 27,
    ]

    static var names: [String] {
        ids.sorted { $0.value < $1.value }.map(\.key)
    }

    /// The upstream spelling of a category name typed in any case, or nil.
    static func canonical(_ name: String) -> String? {
        let wanted = name.lowercased()
        return ids.keys.first { $0.lowercased() == wanted }
    }
}
