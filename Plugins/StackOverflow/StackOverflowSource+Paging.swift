import Foundation
import Tributary

/// `page` / `has_more` paging: the next page keeps the first page's date parameter.
extension StackOverflowSource {
    /// The next page's request while `has_more` is true and neither `backoff` nor a low
    /// quota says to stop.
    public func nextPage(after response: HTTPResponse) throws -> HTTPRequest? {
        guard let wrapper = try? StackOverflowResponse.decode(response), wrapper.has_more == true,
            StackOverflowResponse.pagingStop(wrapper) == nil
        else { return nil }
        let sent = URLComponents(url: response.request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        let page = sent.first { $0.name == "page" }?.value.flatMap { Int($0) } ?? 1
        let cursor = query.incrementalParameter.flatMap { name in sent.first { $0.name == name }?.value }
        return try request(after: cursor, page: page + 1)
    }
}
