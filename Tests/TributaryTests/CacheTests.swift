import Foundation
import Testing
@testable import Tributary
import TributaryTesting
@testable import TributaryNetwork

@Suite struct CacheTests {
    static func temporaryFolder() -> URL {
        Scratch.folder.appendingPathComponent("tributary-cache-\(UUID().uuidString)")
    }

    @Test func aSecondRunRevalidatesAndReusesTheCachedBodyOn304() async throws {
        let server = try await LocalHTTPServer.start { request in
            if request.headers["if-none-match"] == "\"v1\"" { return ServedResponse(status: 304) }
            return .body(Data("first body".utf8), contentType: "text/plain", headers: ["ETag": "\"v1\""])
        }
        let folder = Self.temporaryFolder()
        let client = HTTPClient(
            transport: try CachingTransport(cachingIn: folder, through: CurlTransport(userAgent: "test")))
        let request = HTTPRequest(url: server.baseURL.appendingPathComponent("feed"))
        let first = try await client.send(request)
        let second = try await client.send(request)
        await server.shutdown()
        #expect(first.header(CachingTransport.revalidatedHeader) == nil)
        #expect(second.status == 200)
        #expect(String(decoding: second.body, as: UTF8.self) == "first body")
        #expect(second.header(CachingTransport.revalidatedHeader) == "revalidated")
        #expect(server.requests.map { $0.headers["if-none-match"] } == [nil, "\"v1\""])
    }

    @Test func lastModifiedIsSentBackAsIfModifiedSince() async throws {
        let stamp = "Sun, 22 Nov 2026 05:00:00 GMT"
        let server = try await LocalHTTPServer.start { _ in
            .body(Data("x".utf8), contentType: "text/plain", headers: ["Last-Modified": stamp])
        }
        let client = HTTPClient(
            transport: try CachingTransport(
                cachingIn: Self.temporaryFolder(), through: CurlTransport(userAgent: "test")))
        let request = HTTPRequest(url: server.baseURL.appendingPathComponent("feed"))
        _ = try await client.send(request)
        _ = try await client.send(request)
        await server.shutdown()
        #expect(server.requests.last?.headers["if-modified-since"] == stamp)
    }

    @Test func aSnapshotKeepsEveryFieldOfEveryItemThroughItsEncoding() throws {
        let store = MemorySnapshots()
        var full = FeedItem(
            id: "s:1", source: "s", sourceType: "feed", kind: .photo, title: "Quote \" backslash \\ tab\t é 東京",
            url: URL(string: "https://example.com/a?b=1&c=2"), author: "Zoë",
            published: Date(timeIntervalSince1970: 1_795_320_000),
            score: 12.5, summary: "line one", thumbnail: URL(string: "https://img.example.com/t.jpg"),
            image: URL(string: "http://img.example.com/i.jpg"), tags: ["a", "b c"]
        )
        full.thumbnailData = "data:image/png;base64,iVBORw0KGgo="
        let bare = FeedItem(id: "s:2", source: "s", sourceType: "feed", kind: .article, title: "bare")
        let many = (0..<5000).map {
            FeedItem(id: "s:m\($0)", source: "s", sourceType: "feed", kind: .post, title: "item \($0)")
        }
        store.save([full, bare] + many, for: "s", at: Date(timeIntervalSince1970: 1_795_300_000))
        let loaded = try #require(store.load(for: "s"))
        #expect(loaded.items == [full, bare] + many)
        #expect(
            loaded.savedAt == Date(timeIntervalSince1970: 1_795_300_000), "the time the run gave, not the wall clock")
    }

    @Test func aFailingSourceShowsItsLastGoodItemsMarkedStale() async throws {
        let healthy = Counter()
        let server = try await LocalHTTPServer.start { _ in
            await healthy.increment() == 1 ? .text("kept item") : .text("down", status: 404)
        }
        let registry = SourceRegistry([SourceType(PipelineSource.self)])
        let json = #"{"sources": [{"id": "news", "type": "lines", "baseURL": "\#(server.baseURL)"}]}"#
        let config = try ConfigLoader(registry: registry, environment: [:]).load(Data(json.utf8))
        let pipeline = DigestPipeline(
            config: config, registry: registry, http: HTTPClient(transport: CurlTransport(userAgent: "test")),
            reducer: DigestReducer(config: config), snapshots: MemorySnapshots()
        )
        let good = try await pipeline.run()
        let bad = try await pipeline.run()
        await server.shutdown()
        #expect(good.items.map(\.title) == ["kept item"])
        #expect(bad.items.map(\.title) == ["kept item"])
        #expect(bad.sources[0].state == .failed)
        #expect(bad.sources[0].message?.hasPrefix("stale since ") == true, "\(bad.sources[0].message ?? "")")
        #expect(bad.sources[0].message?.contains("not found (HTTP 404)") == true)
    }
}
