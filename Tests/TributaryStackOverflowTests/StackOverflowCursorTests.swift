import Foundation
import Testing
import Tributary
import TributaryStackOverflow
import TributaryTesting

/// With the state store's cursor, only questions after the newest one seen are asked for.
@Suite struct StackOverflowCursorTests {
    let harness = SourceHarness(SourceType(StackOverflowSource.self))

    func request(sort: String, after cursor: String?) throws -> [String: String] {
        let source = try #require(
            try harness.source(#"{"id": "s", "type": "stackoverflow", "tags": ["swift"], "sort": "\#(sort)"}"#)
                as? any SingleRequestSource)
        let url = try source.request(after: cursor).url
        return Dictionary(
            uniqueKeysWithValues: (URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []).map {
                ($0.name, $0.value ?? "")
            })
    }

    @Test func creationSortAsksFromTheCursorsDateAndActivitySortByItsMinimum() throws {
        #expect(try request(sort: "creation", after: "1795300000")["fromdate"] == "1795300000")
        #expect(try request(sort: "activity", after: "1795300000")["min"] == "1795300000")
        #expect(try request(sort: "votes", after: "1795300000")["min"] == nil, "votes are not a time: no cursor")
        #expect(try request(sort: "creation", after: nil)["fromdate"] == nil)
    }

    @Test func theNewestQuestionsDateBecomesTheNextCursor() async throws {
        let body =
            #"{"items": [{"question_id": 1, "title": "a", "link": "https://stackoverflow.com/q/1", "creation_date": "#
            + #"1795300100, "last_activity_date": 1795300500}, {"question_id": 2, "title": "b", "link": "https://stackoverflow.com/q/2", "creation_date": 1795300200, "last_activity_date": 1795300300}], "has_more": false}"#
        let server = try await LocalHTTPServer.start { _ in .text(body, contentType: "application/json") }
        defer { Task { await server.shutdown() } }
        let entry =
            #"{"id": "s", "type": "stackoverflow", "tags": ["swift"], "sort": "activity", "baseURL": "#
            + #""\#(server.baseURL)/"}"#
        let update = try #require(try await harness.updates(entry).last)
        #expect(update.cursor == "1795300500")
        #expect(!update.isIncremental, "no cursor was given: a full answer")
    }
}
