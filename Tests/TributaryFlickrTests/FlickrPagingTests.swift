import Foundation
import Testing
import Tributary
import TributaryFlickr
import TributaryTesting

/// Search paging: `page` followed while Flickr's `page` is under its `pages`, until
/// `limit`, never past `maxPages`; `min_upload_date` kept on every page.
@Suite struct FlickrPagingTests {
    static let key = "0123456789abcdef0123456789abcdef"
    let harness = SourceHarness(SourceType(FlickrSource.self), environment: ["FLICKR_API_KEY": Self.key])

    func entry(_ server: LocalHTTPServer, _ extra: String) -> String {
        let search = #""type": "flickr", "apiKey": "${FLICKR_API_KEY}", "text": "harbour dusk""#
        return #"{"id": "fl", \#(search), "baseURL": "\#(server.baseURL)"\#(extra)}"#
    }

    /// Page 1 of 2 without `page`, page 2 with `page=2` (its numbers as strings, as Flickr may send them).
    static func pages() async throws -> LocalHTTPServer {
        try await LocalHTTPServer.start { request in
            let page = request.query["page"] ?? "1"
            return Fixture.response("search-pages/page-\(page).json", in: .module, contentType: "application/json")
        }
    }

    @Test func pagesAreFollowedUntilTheLastKeepingMinUploadDate() async throws {
        let server = try await Self.pages()
        defer { Task { await server.shutdown() } }
        let updates = try await harness.updates(entry(server, #", "limit": 600"#), cursor: "1795303800")
        #expect(updates.map(\.items.count) == [2, 3], "each page arrives as a growing snapshot")
        let last = try #require(updates.last)
        #expect(last.items.map(\.title) == ["Harbour lights", "Dusk over the breakwater", "Last ferry out"])
        #expect(last.cursor == "1795303900")
        #expect(last.isIncremental)
        #expect(last.diagnostics.contains("page 2 of 2, 2 per page"))
        #expect(server.requests.map { $0.query["page"] } == [nil, "2"])
        #expect(server.requests.map { $0.query["min_upload_date"] } == ["1795303800", "1795303800"])
        #expect(server.requests.map { $0.query["per_page"] } == ["300", "300"], "600 as two even pages")
        #expect(server.requests.allSatisfy { $0.query["api_key"] == Self.key })
    }

    @Test func pagingStopsAtTheLimit() async throws {
        let server = try await Self.pages()
        defer { Task { await server.shutdown() } }
        let updates = try await harness.updates(entry(server, #", "limit": 2"#), cursor: nil)
        #expect(server.requests.count == 1, "two photos wanted, two on the first page")
        #expect(updates.last?.items.count == 2)
    }

    @Test func pagingStopsAtMaxPagesAndSaysSo() async throws {
        let server = try await LocalHTTPServer.start { _ in
            Fixture.response("search-with-extras/body.json", in: .module, contentType: "application/json")
        }
        defer { Task { await server.shutdown() } }
        let updates = try await harness.updates(entry(server, #", "maxPages": 2"#), cursor: nil)
        #expect(server.requests.map { $0.query["page"] } == [nil, "2"], "page 1 of 42 each time")
        #expect(updates.last?.diagnostics.contains("more upstream; stopped at the page budget (2 requests)") == true)
    }

    @Test func maxPagesIsASearchOption() throws {
        let error = #expect(throws: TributaryError.self) {
            _ = try harness.source(#"{"id": "fl", "type": "flickr", "mode": "public", "tags": ["x"], "maxPages": 2}"#)
        }
        #expect(error?.code == .invalidConfiguration)
        #expect(error?.message.hasPrefix("sources[0].maxPages: only used with \"mode\": \"search\"") == true)
    }
}
