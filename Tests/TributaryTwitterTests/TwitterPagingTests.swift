import Foundation
import Testing
import Tributary
import TributaryTesting
import TributaryTwitter

/// v2 recent search pages: `next_token` followed until `limit`, never past `maxPages`, and
/// a `since_id` older than recent search's seven days dropped, on a fixed clock.
@Suite struct TwitterPagingTests {
    /// 2026-11-21 22:26:40 UTC, a quarter of an hour after the fixtures' newest post.
    static let clock = ManualClock(start: Date(timeIntervalSince1970: 1_795_300_000))
    let harness = SourceHarness(
        SourceType(TwitterSource.self), environment: ["TWITTER_BEARER_TOKEN": testToken], clock: clock.runClock)
    /// A post made six days before the clock's time: recent search still covers it.
    static let sixDaysOld = "2122093954462646272"
    /// A post made eight days before: X would refuse it as `since_id` with a 400.
    static let eightDaysOld = "2121369178731446272"

    /// Page 1 (with `meta.next_token`) without a token, page 2 (the last) with it.
    static func pages() async throws -> LocalHTTPServer {
        try await LocalHTTPServer.start { request in
            let page = request.query["next_token"] == nil ? "page-1" : "page-2"
            return Fixture.response("v2-next-token-pages/\(page).json", in: .module, contentType: "application/json")
        }
    }

    @Test func nextTokenPagesAreFollowedWithTheSameSinceIDAndEvenPageSizes() async throws {
        let server = try await Self.pages()
        defer { Task { await server.shutdown() } }
        let updates = try await harness.updates(entry(server, extra: #", "limit": 150"#), cursor: Self.sixDaysOld)
        #expect(updates.map(\.items.count) == [2, 4], "each page arrives as a growing snapshot")
        let last = try #require(updates.last)
        #expect(last.items.map(\.author) == ["@swiftlang", "@ada_codes", "@ada_codes", "@swiftlang"])
        #expect(last.cursor == "2124264657777590272", "the newest post of all pages")
        #expect(last.isIncremental)
        let secondPage = "b26v89c19zqg8o3fpdg8o3tzd2cm3lv2yhyg7m4hcjql"
        #expect(server.requests.map { $0.query["next_token"] } == [nil, secondPage])
        #expect(server.requests.map { $0.query["since_id"] } == [Self.sixDaysOld, Self.sixDaysOld])
        #expect(server.requests.map { $0.query["max_results"] } == ["75", "75"], "150 as two even pages")
        #expect(server.requests.allSatisfy { $0.headers["authorization"] == "Bearer \(testToken)" })
        #expect(!last.diagnostics.contains { $0.contains("since_id") })
    }

    @Test func pagingStopsAtMaxPagesAndSaysSo() async throws {
        let server = try await serve("v2-next-token-pages/page-1.json")
        defer { Task { await server.shutdown() } }
        let updates = try await harness.updates(entry(server, extra: #", "limit": 300, "maxPages": 2"#), cursor: nil)
        #expect(server.requests.count == 2, "every answer has a next_token; the budget stops at two requests")
        #expect(updates.last?.diagnostics.contains("more upstream; stopped at the page budget (2 requests)") == true)
        #expect(server.requests.map { $0.query["max_results"] } == ["100", "100"])
    }

    @Test func theDefaultBudgetIsThreePages() async throws {
        let server = try await serve("v2-next-token-pages/page-1.json")
        defer { Task { await server.shutdown() } }
        _ = try await harness.updates(entry(server, extra: #", "limit": 1000"#), cursor: nil)
        #expect(server.requests.count == 3)
    }

    @Test func aSinceIDOlderThanSevenDaysIsDroppedWithADiagnostic() async throws {
        let server = try await Self.pages()
        defer { Task { await server.shutdown() } }
        let updates = try await harness.updates(entry(server, extra: #", "limit": 20"#), cursor: Self.eightDaysOld)
        #expect(server.requests.map { $0.query["since_id"] } == [nil, nil])
        let last = try #require(updates.last)
        #expect(!last.isIncremental, "a full answer, not what came after the cursor")
        #expect(
            last.diagnostics.first
                == "since_id \(Self.eightDaysOld) is from 2026-11-13, older than the 7 days X's recent search covers; "
                + "fetched the newest posts without it")
        #expect(last.cursor == "2124264657777590272")
    }

    @Test func maxPagesOutsideOneToTenIsRejectedAtConstruction() throws {
        let json =
            #"{"id": "x", "type": "twitter", "query": "swift", "maxPages": 0, "bearerToken": "${TWITTER_BEARER_TOKEN}"}"#
        let error = #expect(throws: TributaryError.self) { _ = try harness.source(json) }
        #expect(error?.code == .invalidConfiguration)
        #expect(error?.message.contains("sources[0].maxPages: must be between 1 and 10, found 0") == true)
        let paged = json.replacingOccurrences(of: #""maxPages": 0"#, with: #""limit": 250, "maxPages": 5"#)
        #expect(throws: Never.self) { _ = try harness.source(paged) }
    }
}
