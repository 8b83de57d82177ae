import Foundation
import Tributary

/// Flickr photos: `flickr.photos.search` with an API key, or the keyless public feed
/// (`photos_public.gne`, the 20 newest public photos for some tags). A search follows
/// `page` while `page < pages`, up to the entry's `limit`, never past `maxPages` requests.
public struct FlickrSource: PagedSource {
    public static let type = "flickr"
    public static let summary =
        "Flickr photos: keyed photo search (flickr.photos.search) or the keyless public feed by tags"
    public static let keyVariable = "FLICKR_API_KEY"
    public static let options = FlickrOptions.specs

    let query: FlickrQuery
    let baseURL: URL
    let apiKey: Secret?
    public let wantedItems: Int
    public let pageBudget: Int

    public init(entry: SourceEntry) throws {
        let options = FlickrOptions(entry)
        let mode = options.mode ?? (entry.mentionsSecret("apiKey") ? .search : .public)
        query = try FlickrQuery.read(options, mode: mode, entry: entry)
        baseURL = options.baseURL
        wantedItems = options.limit ?? (mode == .search ? FlickrOptions.searchPageSize : FlickrOptions.publicFeedSize)
        pageBudget = mode == .search ? options.maxPages : 1
        if case .search = query {
            apiKey = try entry.requiredSecret(
                "apiKey", options.apiKey, hint: "or use \"mode\": \"public\" for the keyless feed")
        } else {
            apiKey = nil
        }
    }

    public func request() throws -> HTTPRequest {
        try request(after: nil)
    }

    /// In search mode with a cursor (the newest upload date seen, Unix seconds), only photos
    /// uploaded since: `min_upload_date`. The public feed has no such parameter.
    public func request(after cursor: String?) throws -> HTTPRequest {
        request(after: cursor, page: 1)
    }

    /// Page `page` (1-based; the first carries no `page` parameter) after `cursor`.
    func request(after cursor: String?, page: Int) -> HTTPRequest {
        switch query {
        case .search(let search):
            let since = cursor.map { [("min_upload_date", $0)] } ?? []
            let paging = page > 1 ? [("page", String(page))] : []
            var request = HTTPRequest(
                base: baseURL, path: "services/rest/", query: search.parameters + since + paging)
            if let apiKey { request.secretQuery["api_key"] = apiKey }
            return request
        case .publicFeed(let feed):
            return HTTPRequest(base: baseURL, path: "services/feeds/photos_public.gne", query: feed.parameters)
        }
    }

    public func update(from response: HTTPResponse) throws -> SourceUpdate {
        switch query {
        case .search:
            let page = try FlickrResponse.searchPage(response)
            var update = SourceUpdate(items: (page.photo ?? []).map(FlickrMapping.item))
            FlickrResponse.annotate(&update, with: page)
            update.isIncremental = response.request.url.query?.contains("min_upload_date=") == true
            update.cursor = (page.photo ?? []).compactMap { $0.dateupload?.value }.max().map(String.init)
            return update
        case .publicFeed:
            let feed = try FlickrResponse.feed(response)
            return SourceUpdate(items: (feed.items ?? []).compactMap(FlickrMapping.item))
        }
    }
}
