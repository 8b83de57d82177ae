import Foundation
import Testing
import Tributary
import TributaryStackOverflow
import TributaryTesting

@Suite struct StackOverflowSourceTests {
    let harness = SourceHarness(SourceType(StackOverflowSource.self))

    @Test func emptyItemsIsAnEmptySnapshot() async throws {
        let server = try await LocalHTTPServer.start { _ in Fixture.response("empty-items.json", in: .module) }
        defer { Task { await server.shutdown() } }
        let items = try await harness.items(#"{"id": "so", "type": "stackoverflow", "tags": ["swift"], "baseURL": "\#(server.baseURL)"}"#)
        #expect(items.isEmpty)
        #expect(server.requests.first?.path == "/2.3/questions")
    }
}
