import Foundation
import Testing
import Tributary
import TributaryStackOverflow
import TributaryTesting

/// `page` / `has_more` paging: followed until `limit` or `has_more: false`, never past
/// `maxPages`, and never against `backoff` or a low quota.
@Suite struct StackOverflowPagingTests {
    let harness = SourceHarness(SourceType(StackOverflowSource.self))

    /// Page 1 (`has_more: true`, or `firstPage`) without `page`, page 2 (the last) with `page=2`.
    static func pages(firstPage: String = "page-1") async throws -> LocalHTTPServer {
        try await LocalHTTPServer.start { request in
            let page = request.query["page"] == nil ? firstPage : "page-\(request.query["page"]!)"
            return Fixture.response("page-has-more/\(page).json", in: .module, contentType: "application/json")
        }
    }

    func entry(_ server: LocalHTTPServer, _ extra: String) -> String {
        #"{"id": "so", "type": "stackoverflow", "tags": ["swift"], "baseURL": "\#(server.baseURL)"\#(extra)}"#
    }

    @Test func pagesAreFollowedUntilHasMoreIsFalseKeepingFromdate() async throws {
        let server = try await Self.pages()
        defer { Task { await server.shutdown() } }
        let updates = try await harness.updates(
            entry(server, #", "sort": "creation", "limit": 150"#), cursor: "1795300000")
        #expect(updates.map(\.items.count) == [2, 3], "each page arrives as a growing snapshot")
        let last = try #require(updates.last)
        #expect(
            last.items.map(\.title) == [
                "How do I await a TaskGroup result in order?", "Why is my actor isolated property not Sendable?",
                "SwiftData predicate with optional relationship",
            ])
        #expect(last.cursor == "1795300300", "the newest creation date of all pages")
        #expect(last.isIncremental)
        #expect(server.requests.map { $0.query["page"] } == [nil, "2"])
        #expect(server.requests.map { $0.query["fromdate"] } == ["1795300000", "1795300000"])
        #expect(server.requests.map { $0.query["pagesize"] } == ["75", "75"], "150 as two even pages")
    }

    @Test func pagingStopsAtMaxPagesAndSaysSo() async throws {
        let server = try await LocalHTTPServer.start { _ in
            Fixture.response("page-has-more/page-1.json", in: .module, contentType: "application/json")
        }
        defer { Task { await server.shutdown() } }
        let updates = try await harness.updates(entry(server, #", "limit": 100, "maxPages": 2"#), cursor: nil)
        #expect(server.requests.map { $0.query["page"] } == [nil, "2"])
        #expect(updates.last?.diagnostics.contains("more upstream; stopped at the page budget (2 requests)") == true)
    }

    @Test func aBackoffStopsPagingAndHoldsTheMethod() async throws {
        let server = try await Self.pages(firstPage: "page-1-backoff")
        defer { Task { await server.shutdown() } }
        let updates = try await harness.updates(entry(server, #", "limit": 100"#), cursor: nil)
        #expect(server.requests.count == 1, "has_more, but upstream asked for a backoff")
        let last = try #require(updates.last)
        #expect(last.items.count == 2)
        #expect(last.diagnostics.contains("no further pages: upstream asked for a 5 s backoff"))
        #expect(last.holdRequestsUntil != nil)
    }

    @Test func aLowQuotaStopsPaging() async throws {
        let run = try await StackOverflowFixtureRun.serving("has-more")
        defer { Task { await run.server.shutdown() } }
        let updates = try await run.harness.updates(run.entry(#", "limit": 100"#))
        #expect(run.server.requests.count == 1, "20 of 300 requests left: kept for later runs")
        #expect(updates.last?.diagnostics.contains("no further pages: quota low (20/300 requests left)") == true)
    }

    @Test func maxPagesOutsideOneToTenIsRejectedAtConstruction() throws {
        let error = #expect(throws: TributaryError.self) {
            _ = try harness.source(#"{"id": "so", "type": "stackoverflow", "tags": ["swift"], "maxPages": 11}"#)
        }
        #expect(error?.code == .invalidConfiguration)
        #expect(error?.message.contains("sources[0].maxPages: must be between 1 and 10, found 11") == true)
        let paged = #"{"id": "so", "type": "stackoverflow", "tags": ["swift"], "limit": 250, "maxPages": 5}"#
        #expect(throws: Never.self) { _ = try harness.source(paged) }
    }
}
