import Foundation
import Testing
import Tributary
import TributaryTesting
import TributaryNetwork

/// A stale-if-error snapshot keeps a source's first 1,000 items, or its `limit` when that
/// is larger, so a huge feed does not write every item to the store on every run.
@Suite struct SnapshotSizeTests {
    func snapshot(entry: String, lines: Int) async throws -> [FeedItem]? {
        let body = (1...lines).map { "item-\($0)" }.joined(separator: "\n")
        let server = try await LocalHTTPServer.start { _ in .text(body) }
        let registry = SourceRegistry([SourceType(PipelineSource.self)])
        let json = #"{"limit": 0, "sources": [{"id": "s", "type": "lines", "baseURL": "\#(server.baseURL)"\#(entry)}]}"#
        let config = try ConfigLoader(registry: registry, environment: [:]).load(Data(json.utf8))
        let store = MemorySnapshots()
        let pipeline = DigestPipeline(
            config: config, registry: registry,
            http: HTTPClient(transport: CurlTransport(userAgent: "test"), timeout: .seconds(10)),
            reducer: DigestReducer(config: config), snapshots: store)
        let digest = try await pipeline.run()
        await server.shutdown()
        #expect(digest.items.count == lines, "the digest itself keeps every item")
        return store.load(for: "s")?.items
    }

    @Test func aHugeSourceKeepsItsFirstThousandItems() async throws {
        let kept = try await snapshot(entry: "", lines: 1_500)
        #expect(kept?.count == 1_000)
        #expect(kept?.first?.title == "item-1")
    }

    @Test func aLimitAboveAThousandIsKeptWhole() async throws {
        let kept = try await snapshot(entry: #", "limit": 1200"#, lines: 1_200)
        #expect(kept?.count == 1_200)
    }
}
