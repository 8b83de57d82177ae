import Foundation
import Tributary

/// One refresh of a `mastodon` entry: finds the timeline (looking the account up in
/// account mode), reads it page by page along `Link: rel="next"` until `limit`
/// statuses are in, and maps them. A page is never read twice, and a status only once:
/// a server whose `next` link names a page already read, or whose page holds nothing
/// new, has no more.
struct MastodonTimeline: Sendable {
    let query: MastodonQuery
    let instance: URL
    let token: Secret?
    let showSensitive: Bool
    let http: HTTPClient

    func run() async throws -> SourceUpdate {
        var url = try await firstPageURL()
        var statuses: [MastodonAPI.Status] = []
        var seen: Set<String> = []
        var read: Set<URL> = [url]
        while true {
            let response = try await send(url)
            let page = try MastodonResponse.decode([MastodonAPI.Status].self, response, hasToken: token != nil)
            let fresh = page.filter { seen.insert($0.id).inserted }
            statuses += fresh
            guard statuses.count < query.limit, !fresh.isEmpty,
                let next = MastodonLinks.next(response.header("link"), sameOriginAs: url), read.insert(next).inserted
            else { return update(statuses, pages: read.count, last: response) }
            url = next
        }
    }

    func update(_ statuses: [MastodonAPI.Status], pages: Int, last: HTTPResponse) -> SourceUpdate {
        let items = statuses.prefix(query.limit).map { MastodonMapping.item($0, showSensitive: showSensitive) }
        var update = SourceUpdate(items: Array(items))
        update.diagnostics.append("\(pages) page(s) of up to \(query.pageSize) statuses read")
        MastodonResponse.annotate(&update, with: last)
        return update
    }

    /// The timeline's first page; in account mode, after `accounts/lookup` gave the id.
    func firstPageURL() async throws -> URL {
        guard query.mode == .account else { return url(query.path, query.parameters) }
        let id = try await accountID()
        return url("api/v1/accounts/\(id)/statuses", query.statusParameters)
    }

    func accountID() async throws -> String {
        let response = try await send(url(query.path, query.parameters))
        if response.status == 404 {
            let detail = MastodonResponse.errorMessage(response).map { ": \($0)" } ?? ""
            throw TributaryError(
                .permanent,
                "\(response.answeringHost) knows no account @\(query.account) (HTTP 404\(detail)); check \"account\"")
        }
        let account = try MastodonResponse.decode(MastodonAPI.Account.self, response, hasToken: token != nil)
        guard !account.id.isEmpty, account.id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
            throw TributaryError(
                .badResponse,
                "\(response.answeringHost) sent an account id that is not one: "
                    + "\(TextCleanup.truncate(account.id, to: 40))"
            )
        }
        return account.id
    }

    func url(_ path: String, _ parameters: [(String, String)]) -> URL {
        HTTPRequest(base: instance, path: path, query: parameters).url
    }

    /// Sends a GET, holding further requests to the instance until upstream's reset when
    /// it says none are left or answers 429.
    func send(_ url: URL) async throws -> HTTPResponse {
        let request = MastodonAPI.request(url, token: token, instance: instance)
        let key = request.rateLimitKey ?? request.hostKey
        let response = try await http.send(request)
        if response.status == 429 || response.header("x-ratelimit-remaining") == "0",
            let until = RetryAfter.parse(response.header("retry-after"), now: response.receivedAt)
                ?? MastodonResponse.resetDate(response)
        {
            await http.hold(key, until: until)
        }
        return response
    }
}
