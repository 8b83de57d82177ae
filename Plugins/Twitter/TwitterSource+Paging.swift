import Foundation
import Tributary

/// v2 paging: `next_token` pages, page sizes, and a `since_id` too old for recent search.
extension TwitterSource {
    /// Drops a cursor older than recent search's seven days (X refuses such a `since_id`
    /// with a 400) and says so; otherwise the pages as `PagedSource` follows them.
    public func signal(in context: SourceContext) -> Signal<SourceUpdate> {
        guard let cursor = context.cursor, let stale = TwitterSnowflake.staleSinceID(cursor, now: context.now()) else {
            return pagedSignal(in: context)
        }
        let fresh = SourceContext(
            sourceID: context.sourceID, http: context.http, now: context.now, thumbnails: context.thumbnails)
        return pagedSignal(in: fresh).map { page in
            var update = page
            update.diagnostics.insert(stale, at: 0)
            return update
        }
    }

    /// The next page's request while X's `meta.next_token` says there is one (v2 only).
    public func nextPage(after response: HTTPResponse) throws -> HTTPRequest? {
        guard api == .v2,
            let body = try? TwitterResponse.decode(TwitterAPI.SearchResponse.self, response),
            let token = body.meta?.next_token, !token.isEmpty
        else { return nil }
        let since = URLComponents(url: response.request.url, resolvingAgainstBaseURL: false)?
            .queryItems?.first { $0.name == "since_id" }?.value
        return try request(after: since, page: token)
    }

    /// Posts per page for `limit`: X sends 10 to 100 a page.
    static func pageSize(for limit: Int) -> Int {
        max(10, PageSize.even(for: limit, maximum: 100))
    }
}
