import Foundation
import Tributary

/// Search paging: `page` until `pages`, keeping the first page's `min_upload_date`.
extension FlickrSource {
    /// The next search page while Flickr's `page` is under its `pages`; the public feed
    /// has one page.
    public func nextPage(after response: HTTPResponse) throws -> HTTPRequest? {
        guard case .search = query, let found = try? FlickrResponse.searchPage(response),
            let page = found.page?.value, let pages = found.pages?.value, page < pages
        else { return nil }
        let sent = URLComponents(url: response.request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        return request(after: sent.first { $0.name == "min_upload_date" }?.value, page: page + 1)
    }
}
