import Foundation
import Tributary

/// A `lemmy` entry's options; each default is the property's initial value.
struct LemmyOptions: SourceOptions {
    var instance = ""
    var community = ""
    var sort = "New"
    var limit = 20
    var baseURL: URL?

    static var fields: [OptionField<Self>] {
        [
            .string("instance", \.instance, "the server to ask, \"lemmy.ml\" or \"https://lemmy.ml\"", required: true),
            .string(
                "community", \.community,
                "\"swift\" on the instance itself, or \"swift@programming.dev\" for a community it federates with",
                required: true),
            .choice("sort", \.sort, among: LemmyAPI.sorts, "upstream order"),
            .integer("limit", \.limit, 1...50, "posts to fetch (one page)"),
            .url("baseURL", \.baseURL, "overrides where requests go (tests, proxies)", default: "the instance"),
        ]
    }
}
