import Foundation
import Tributary

/// What an entry asks Flickr for: a keyed `flickr.photos.search` or the keyless public feed.
enum FlickrQuery: Sendable {
    case search(Search)
    case publicFeed(PublicFeed)

    struct Search: Sendable {
        static let extras = "owner_name,date_upload,date_taken,tags,views,url_q,url_z"
        static let maxTagsForAll = 20
        static let maxPageSize = 500

        var text: String?
        var tags: [String]
        var tagMode: String
        var sort: String
        var perPage: Int
        var safeSearch: String?

        var parameters: [(String, String)] {
            var query = [("method", "flickr.photos.search")]
            if let text { query.append(("text", text)) }
            if !tags.isEmpty { query += [("tags", tags.joined(separator: ",")), ("tag_mode", tagMode)] }
            query += [("sort", sort)]
            if let safeSearch { query.append(("safe_search", safeSearch)) }
            query += [
                ("per_page", String(perPage)), ("extras", Self.extras), ("format", "json"), ("nojsoncallback", "1"),
            ]
            return query
        }
    }

    struct PublicFeed: Sendable {
        var tags: [String]
        var tagMode: String

        var parameters: [(String, String)] {
            var query: [(String, String)] = []
            if !tags.isEmpty { query += [("tags", tags.joined(separator: ",")), ("tagmode", tagMode)] }
            return query + [("format", "json"), ("nojsoncallback", "1")]
        }
    }

    /// `safeSearch` names and upstream's `safe_search` values.
    static let safeSearchLevels = ["safe": "1", "moderate": "2", "restricted": "3"]

    /// Reads and checks the options of `mode`; no I/O.
    static func read(_ options: FlickrOptions, mode: FlickrOptions.Mode, entry: SourceEntry) throws -> FlickrQuery {
        let tags = options.tags.map(TextCleanup.trimmed).filter { !$0.isEmpty }
        guard mode == .search else {
            for key in ["text", "sort", "safeSearch", "maxPages"] where entry.options[key] != nil {
                throw entry.invalid(
                    key, "only used with \"mode\": \"search\"; the public feed filters by \"tags\" alone")
            }
            return .publicFeed(
                PublicFeed(tags: tags, tagMode: (options.tagMode ?? FlickrOptions.publicTagMode).rawValue))
        }
        let text = options.text.map(TextCleanup.trimmed).flatMap { $0.isEmpty ? nil : $0 }
        let search = Search(
            text: text, tags: tags, tagMode: (options.tagMode ?? FlickrOptions.searchTagMode).rawValue,
            sort: options.sort,
            perPage: PageSize.even(for: options.limit ?? FlickrOptions.searchPageSize, maximum: Search.maxPageSize),
            safeSearch: options.safeSearch.flatMap { safeSearchLevels[$0.rawValue] }
        )
        if text == nil && tags.isEmpty {
            throw entry.invalid("text", "a search needs \"text\" or \"tags\" (Flickr refuses parameterless searches)")
        }
        if search.tagMode == "all" && tags.count > Search.maxTagsForAll {
            throw entry.invalid(
                "tags", "at most \(Search.maxTagsForAll) tags with \"tagMode\": \"all\"; remove some or use \"any\"")
        }
        return .search(search)
    }
}
