import Foundation
import Testing
import Tributary
import TributaryTesting
import TributaryNetwork

/// A paged test source: `GET /items?page=N` answers `next=M` (or `next=`) on its first
/// line and one item per line after it; its cursor is its greatest item number.
struct PagesSource: PagedSource {
    static let type = "pages"
    static let summary = "numbered pages of numbered items, for paging tests"
    static let options: [OptionSpec] = []
    let base: URL
    let wantedItems: Int
    let pageBudget: Int

    init(entry: SourceEntry) throws { throw entry.invalid("type", "built directly in tests") }

    init(base: URL, wanted: Int, budget: Int) {
        self.base = base
        wantedItems = wanted
        pageBudget = budget
    }

    func request() throws -> HTTPRequest { page(1) }

    func page(_ number: Int) -> HTTPRequest {
        HTTPRequest(base: base, path: "items", query: [("page", String(number))])
    }

    func nextPage(after response: HTTPResponse) throws -> HTTPRequest? {
        let first = String(decoding: response.body, as: UTF8.self).split(separator: "\n").first ?? ""
        return Int(first.dropFirst("next=".count)).map(page)
    }

    func update(from response: HTTPResponse) throws -> SourceUpdate {
        try response.requireSuccess()
        let numbers = String(decoding: response.body, as: UTF8.self).split(separator: "\n").dropFirst()
        let items = numbers.map {
            FeedItem(id: String($0), source: "p", sourceType: Self.type, kind: .post, title: String($0), url: nil)
        }
        let page = response.request.url.query ?? ""
        return SourceUpdate(items: items, notes: ["page \(page)"], cursor: numbers.first.map(String.init))
    }
}

@Suite struct PagedSourceTests {
    /// Pages of three items each: page N holds 3N-2…3N; there are `pages` pages.
    static func server(pages: Int, failing: Int? = nil) async throws -> LocalHTTPServer {
        try await LocalHTTPServer.start { request in
            let page = Int(request.query["page"] ?? "") ?? 0
            if page == failing { return .text("down", status: 500) }
            let next = page < pages ? String(page + 1) : ""
            return .text((["next=\(next)"] + (3 * page - 2...3 * page).map(String.init)).joined(separator: "\n"))
        }
    }

    func run(_ source: PagesSource) async throws -> [SourceUpdate] {
        let http = HTTPClient(transport: CurlTransport(userAgent: "test"), timeout: .seconds(10))
        return try await source.signal(in: SourceContext(sourceID: "p", http: http)).collect()
    }

    @Test func pagesAreFollowedUntilTheLimitIsReached() async throws {
        let server = try await Self.server(pages: 5)
        let updates = try await run(PagesSource(base: server.baseURL, wanted: 7, budget: 10))
        #expect(updates.last?.items.map(\.title) == ["1", "2", "3", "4", "5", "6", "7"])
        #expect(server.requests.map { $0.query["page"] } == ["1", "2", "3"])
        #expect(updates.map(\.items.count) == [3, 6, 7], "each page arrives as a growing snapshot")
        #expect(updates.last?.notes == ["page page=3"], "the last page's notes")
    }

    @Test func pagingStopsWhenUpstreamHasNoMore() async throws {
        let server = try await Self.server(pages: 2)
        let updates = try await run(PagesSource(base: server.baseURL, wanted: 100, budget: 10))
        #expect(updates.last?.items.count == 6)
        #expect(server.requests.count == 2)
        #expect(updates.last?.diagnostics == [])
    }

    @Test func pagingNeverExceedsThePageBudgetAndSaysSo() async throws {
        let server = try await Self.server(pages: 9)
        let updates = try await run(PagesSource(base: server.baseURL, wanted: 100, budget: 2))
        #expect(server.requests.count == 2)
        #expect(updates.last?.items.count == 6)
        #expect(updates.last?.diagnostics == ["more upstream; stopped at the page budget (2 requests)"])
    }

    @Test func theCursorIsTheGreatestAnyPageGave() async throws {
        let server = try await Self.server(pages: 4)
        let updates = try await run(PagesSource(base: server.baseURL, wanted: 12, budget: 10))
        #expect(updates.last?.cursor == "10", "pages' cursors 1, 4, 7, 10: numerically, not as text")
    }

    @Test func aFailingLaterPageFailsTheRefreshAfterTheEarlierPagesWereSent() async throws {
        let server = try await Self.server(pages: 5, failing: 2)
        let source = PagesSource(base: server.baseURL, wanted: 100, budget: 10)
        let http = HTTPClient(transport: CurlTransport(userAgent: "test"), timeout: .seconds(10))
        var sent: [Int] = []
        var failure: String?
        for try await event in source.signal(in: SourceContext(sourceID: "p", http: http)).materialize() {
            switch event {
            case .value(let update): sent.append(update.items.count)
            case .failed(let error): failure = "\(error)"
            case .completed: Issue.record("the second page's 500 should fail the refresh")
            }
        }
        #expect(failure != nil)
        #expect(sent == [3])
    }

    @Test func evenPageSizesReadNoMoreThanWanted() {
        #expect(PageSize.even(for: 30, maximum: 100) == 30)
        #expect(PageSize.even(for: 150, maximum: 100) == 75, "two pages of 75, not 100 then 50 of 100")
        #expect(PageSize.even(for: 1000, maximum: 100) == 100)
        #expect(PageSize.even(for: 600, maximum: 500) == 300)
    }
}
