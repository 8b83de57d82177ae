import Foundation
import Tributary

/// A `flickr` entry's options; each default is the property's initial value, or, where
/// it depends on the mode, described beside the field and chosen in `FlickrQuery.read`.
struct FlickrOptions: SourceOptions {
    enum Mode: String, CaseIterable { case search, `public` }
    enum TagMode: String, CaseIterable { case any, all }
    enum SafeSearch: String, CaseIterable { case safe, moderate, restricted }

    /// The defaults that depend on the mode.
    static let searchTagMode = TagMode.any
    static let publicTagMode = TagMode.all
    static let searchPageSize = 100
    static let publicFeedSize = 20

    var mode: Mode?
    var apiKey: Secret?
    var text: String?
    var tags: [String] = []
    var tagMode: TagMode?
    var sort = "interestingness-desc"
    var limit: Int?
    var maxPages = 3
    var safeSearch: SafeSearch?
    var baseURL = URL(string: "https://api.flickr.com")!

    static var fields: [OptionField<Self>] {
        [
            .choice(
                "mode", \.mode,
                "search: flickr.photos.search (needs apiKey); public: the keyless feed of the 20 newest public photos",
                default: "search with apiKey, else public"),
            .secret(
                "apiKey", \.apiKey, variable: FlickrSource.keyVariable,
                "search: the API key, sent as the api_key parameter; new keys need Flickr Pro"),
            .string("text", \.text, "search: free text over titles, descriptions and tags (\"-word\" excludes)"),
            .strings("tags", \.tags, "tags to match (\"-tag\" excludes in search); a search needs text or tags"),
            .choice(
                "tagMode", \.tagMode,
                "any: photos with one of the tags; all: with every tag (search: at most 20 tags with all)",
                default: "\(searchTagMode.rawValue) (search), \(publicTagMode.rawValue) (public)"),
            .string(
                "sort", \.sort,
                "search: upstream sort: date-posted-desc, date-posted-asc, date-taken-desc, date-taken-asc, "
                    + "interestingness-desc, interestingness-asc, relevance"),
            .integer(
                "limit", \.limit, 1...4000,
                "search: photos to fetch, over several pages when above 500 (per_page at most 500; Flickr serves "
                    + "at most 4,000 a search); public: keep at most this many of the 20",
                default: "\(searchPageSize) (search), \(publicFeedSize) (public)"),
            .integer(
                "maxPages", \.maxPages, 1...10,
                "search: the most requests one refresh makes while page < pages; each counts against the key's "
                    + "3,600 an hour"),
            .choice(
                "safeSearch", \.safeSearch,
                "search: safe_search level 1, 2 or 3 (calls without login only see safe photos)",
                default: "upstream's (safe)"),
            .url("baseURL", \.baseURL, "the API root, e.g. a local test server"),
        ]
    }
}
