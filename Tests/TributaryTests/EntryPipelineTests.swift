import Foundation
import Testing
import Tributary
import TributaryTesting
import TributaryNetwork

/// The keys every entry takes, as a run applies them: the requests carry the entry's
/// headers, user agent and credentials; the items its kind and tags; its filters keep
/// what they match before its limit; and its deadline is its own, else the run's.
@Suite struct EntryPipelineTests {
    static let environment = ["FEED_PASS": "pw-7f3a9c", "TEAM_KEY": "key-51b0e2"]

    func run(_ entry: String, server: LocalHTTPServer, http: HTTPClient? = nil, timeout: String = "5") async throws
        -> Digest
    {
        let registry = SourceRegistry([SourceType(PipelineSource.self)])
        let base = server.baseURL.absoluteString
        let json = #"{"timeout": \#(timeout), "sources": [{"type": "lines", "baseURL": "\#(base)", \#(entry)}]}"#
        let config = try ConfigLoader(registry: registry, environment: Self.environment).load(Data(json.utf8))
        let pipeline = DigestPipeline(
            config: config, registry: registry,
            http: http ?? HTTPClient(transport: CurlTransport(userAgent: HTTPClient.userAgent)),
            reducer: DigestReducer(config: config), retry: RetryPolicy(maxAttempts: 1))
        return try await pipeline.run()
    }

    @Test func headersUserAgentAndBasicCredentialsReachTheServer() async throws {
        let server = try await LocalHTTPServer.start { _ in .text("alpha") }
        let digest = try await run(
            #""id": "a", "headers": {"X-Team": "blue", "X-Api-Key": "${TEAM_KEY}"}, "userAgent": "Reader/1", "#
                + #""username": "ada", "password": "${FEED_PASS}""#, server: server)
        let request = try #require(server.requests.first)
        await server.shutdown()
        #expect(digest.sources.map(\.state) == [.ok])
        #expect(request.headers["x-team"] == "blue")
        #expect(request.headers["x-api-key"] == "key-51b0e2")
        #expect(request.headers["user-agent"] == "Reader/1")
        let credentials = Data("ada:pw-7f3a9c".utf8).base64EncodedString()
        #expect(request.headers["authorization"] == "Basic \(credentials)")
    }

    @Test func anUnsetPasswordVariableSkipsTheEntryNamingIt() async throws {
        let server = try await LocalHTTPServer.start { _ in .text("alpha") }
        let digest = try await run(#""id": "a", "username": "ada", "password": "${NOT_SET_PASS}""#, server: server)
        await server.shutdown()
        #expect(digest.sources.first?.state == .skipped)
        #expect(
            digest.sources.first?.message?.contains("sources[0].password uses NOT_SET_PASS, which is not set") == true)
        #expect(server.requests.isEmpty)
    }

    @Test func itemsCarryTheEntrysKindAndTags() async throws {
        let server = try await LocalHTTPServer.start { _ in .text("alpha") }
        let digest = try await run(#""id": "a", "kind": "photo", "tags": ["news", "News", "local"]"#, server: server)
        await server.shutdown()
        let item = try #require(digest.items.first)
        #expect(item.kind == .photo)
        #expect(item.tags == ["news", "local"])
    }

    @Test func anEntrysKeywordFiltersApplyBeforeItsLimit() async throws {
        let server = try await LocalHTTPServer.start { _ in
            .text("swift one\nrust two\nswift three\nswift rust\nswift four")
        }
        let digest = try await run(
            #""id": "a", "include": ["SWIFT"], "exclude": ["rust"], "limit": 2"#, server: server)
        await server.shutdown()
        #expect(digest.items.map(\.title) == ["swift one", "swift three"])
    }

    @Test func anEntrysRegularExpressionsMatchCaseInsensitively() async throws {
        let server = try await LocalHTTPServer.start { _ in .text("Swift 6.2\nswift news\nSwift 5\nrust 1.80") }
        let digest = try await run(
            #""id": "a", "match": "regex", "include": ["^swift \\d"], "exclude": ["5$"]"#, server: server)
        await server.shutdown()
        #expect(digest.items.map(\.title) == ["Swift 6.2"])
    }

    @Test func anEntrysTimeoutActsOverTheRunsDeadline() async throws {
        let server = try await LocalHTTPServer.start { _ in
            // A deliberate server-side delay, ten times the entry's deadline.
            ServedResponse(status: 200, body: Data("late".utf8), delay: .seconds(3))
        }
        // On a clock nobody moves, the source's own deadline never comes: libcurl's does.
        let client = HTTPClient(
            transport: CurlTransport(userAgent: "test"), timeout: .seconds(60), clock: ManualClock().runClock)
        let digest = try await run(#""id": "a", "timeout": "300ms""#, server: server, http: client)
        await server.shutdown()
        #expect(digest.sources.first?.state == .failed)
        #expect(digest.sources.first?.errorCode == .timeout)
        #expect(
            digest.sources.first?.message?.contains("timed out after 0.3 s waiting for 127.0.0.1") == true,
            "\(digest.sources.first?.message ?? "")")
    }
}
