import Foundation
import Tributary

/// A `500px` entry's options; each default is the property's initial value.
struct FiveHundredPxOptions: SourceOptions {
    var feature = "popular"
    var sort = "rating"
    var limit = 100
    var excludeCategories = ["Nude"]
    var imageSizes = ["3", "4"]
    var nsfw = false
    var consumerKey: Secret?
    var baseURL = URL(string: "https://api.500px.com")!

    static var fields: [OptionField<Self>] {
        [
            .choice("feature", \.feature, among: FiveHundredPxQuery.features, "the photo stream"),
            .choice("sort", \.sort, among: FiveHundredPxQuery.sorts, "upstream sort order"),
            .integer("limit", \.limit, 1...100, "photos to fetch, sent as rpp"),
            .strings(
                "excludeCategories", \.excludeCategories,
                "category names to leave out, sent as exclude (any case; checked against the documented table)"),
            .strings(
                "imageSizes", \.imageSizes,
                "size ids to request, as strings: the first is the thumbnail, the last the image"),
            .boolean("nsfw", \.nsfw, "keep photos upstream marks nsfw"),
            .secret(
                "consumerKey", \.consumerKey, variable: "FIVEHUNDREDPX_CONSUMER_KEY",
                "consumer key, sent as the consumer_key query parameter; unset: the source is skipped"),
            .url("baseURL", \.baseURL, "a server speaking the v1 API"),
        ]
    }
}
