import Foundation
import Testing
import Tributary
import TributaryStackOverflow
import TributaryTesting

/// Serves one fixture for every request and runs a `stackoverflow` entry against it.
struct StackOverflowFixtureRun {
    let harness = SourceHarness(
        SourceType(StackOverflowSource.self), environment: ["STACKEXCHANGE_KEY": "se-test-key-0123456789"])
    let server: LocalHTTPServer

    static func serving(_ response: ServedResponse) async throws -> StackOverflowFixtureRun {
        StackOverflowFixtureRun(server: try await LocalHTTPServer.start { _ in response })
    }

    static func serving(_ fixture: String, status: Int = 200, encoding: ServedResponse.Encoding = .identity)
        async throws -> StackOverflowFixtureRun
    {
        var response = Fixture.response("\(fixture)/body.json", in: .module, status: status)
        response.encoding = encoding
        return try await serving(response)
    }

    /// An entry pointed at the server; `extra` adds keys (`tags` defaults to `["swift"]`).
    func entry(_ extra: String = "") -> String {
        let tags = extra.contains("\"tags\"") ? "" : #", "tags": ["swift"]"#
        return #"{"id": "so", "type": "stackoverflow", "baseURL": "\#(server.baseURL)"\#(tags)\#(extra)}"#
    }
}

@Suite struct StackOverflowWireTests {
    @Test func entityEncodedTitlesAndNamesAreDecodedExactlyOnce() async throws {
        let run = try await StackOverflowFixtureRun.serving("entity-encoded-titles")
        let items = try await run.harness.items(run.entry())
        #expect(
            items.map(\.title) == [
                #"What's the difference between "let" & "var" in Swift — café <T>?"#,
                "Why does &amp; show up literally?",
            ])
        #expect(items[0].author == "José O'Neil")
        await run.server.shutdown()
    }

    @Test(arguments: [
        ServedResponse.Encoding.gzip(labelled: true), .gzip(labelled: false), .deflate(labelled: true),
        .deflate(labelled: false),
    ])
    func compressedBodiesAreDecodedWithOrWithoutContentEncoding(encoding: ServedResponse.Encoding) async throws {
        let run = try await StackOverflowFixtureRun.serving("entity-encoded-titles", encoding: encoding)
        let items = try await run.harness.items(run.entry())
        #expect(items.first?.title.hasPrefix("What's the difference") == true)
        await run.server.shutdown()
    }

    @Test func deletedOwnersHaveNoAuthorImageButStillMap() async throws {
        let run = try await StackOverflowFixtureRun.serving("deleted-owner")
        let items = try await run.harness.items(run.entry())
        #expect(items.count == 2)
        #expect(items[0].author == "user12345")
        #expect(items[0].thumbnail == nil)
        #expect(items[1].author == nil)
        await run.server.shutdown()
    }

    @Test func oldHTTPLinksBecomeHTTPS() async throws {
        let run = try await StackOverflowFixtureRun.serving("http-link")
        let items = try await run.harness.items(run.entry())
        #expect(items.first?.url?.absoluteString == "https://stackoverflow.com/questions/5/an-old-question")
        await run.server.shutdown()
    }

    @Test func itemsCarryEveryMappedField() async throws {
        let run = try await StackOverflowFixtureRun.serving("entity-encoded-titles")
        let item = try #require(try await run.harness.items(run.entry()).first)
        #expect(item.id == "1")
        #expect(item.kind == .question)
        #expect(item.score == 12)
        #expect(item.tags == ["swift", "string"])
        #expect(item.published == Date(timeIntervalSince1970: 1_795_310_000))
        #expect(item.summary == "3 answers · 1,204 views · answered")
        #expect(item.thumbnail?.host == "www.gravatar.com")
        await run.server.shutdown()
    }

    @Test func badParameterIsAPermanentErrorWithUpstreamsMessage() async throws {
        let run = try await StackOverflowFixtureRun.serving("bad-parameter", status: 400)
        let error = try #require(await run.harness.failure(run.entry()))
        #expect(error.code == .permanent)
        #expect(error.message.contains("bad_parameter: site is required"))
        await run.server.shutdown()
    }

    @Test func throttleViolationInsideA400IsRateLimitingUntilTheStatedTime() async throws {
        let run = try await StackOverflowFixtureRun.serving("throttle-violation", status: 400)
        let error = try #require(await run.harness.failure(run.entry()))
        #expect(error.code == .rateLimited)
        #expect(error.message.contains("more requests available in 17524 seconds"))
        let wait = try #require(error.retryAfter).timeIntervalSinceNow
        #expect(wait > 17_000 && wait <= 17_524)
        await run.server.shutdown()
    }

    @Test func backoffHoldsTheNextRequestToTheSameMethod() async throws {
        let run = try await StackOverflowFixtureRun.serving("backoff")
        let clock = ManualClock()
        let harness = SourceHarness(run.harness.type, clock: clock.runClock)
        let update = try #require(try await harness.updates(run.entry()).last)
        #expect(update.items.count == 1)
        #expect(
            update.holdRequestsUntil == clock.start.addingTimeInterval(10),
            "backoff: 10 s after the answer, on the run's clock")
        #expect(update.diagnostics.contains { $0.contains("backoff") })
        await run.server.shutdown()
    }

    @Test func emptyItemsIsAnEmptySnapshot() async throws {
        let run = try await StackOverflowFixtureRun.serving("empty-items")
        #expect(try await run.harness.items(run.entry()).isEmpty)
        await run.server.shutdown()
    }

    @Test func hasMoreWithTheLimitReachedDoesNotPageAndLowQuotaIsReported() async throws {
        let run = try await StackOverflowFixtureRun.serving("has-more")
        let update = try #require(try await run.harness.updates(run.entry()).last)
        #expect(update.items.count == 30)
        #expect(run.server.requests.count == 1, "30 questions, the default limit: no second page")
        #expect(update.notes == ["quota low: 20/300 requests left"])
        #expect(update.diagnostics.contains("quota 20/300 requests left"))
        await run.server.shutdown()
    }

    @Test func invalidUTF8FailsNamingTheFirstBadByte() async throws {
        var body = Data(#"{"items": [{"title": "caf"#.utf8)
        body.append(contentsOf: [0xE9, 0x22, 0x7D, 0x5D, 0x7D])  // Latin-1 é where UTF-8 was due
        let run = try await StackOverflowFixtureRun.serving(.body(body, contentType: "application/json"))
        let error = try #require(await run.harness.failure(run.entry()))
        #expect(error.code == .badResponse)
        #expect(error.message.contains("not its JSON (application/json; invalid UTF-8 at byte 25)"))
        await run.server.shutdown()
    }

    @Test func htmlInsteadOfJSONFailsWithAReason() async throws {
        let run = try await StackOverflowFixtureRun.serving(
            .text("<html><title>Just a moment...</title></html>", contentType: "text/html", status: 200))
        let error = try #require(await run.harness.failure(run.entry()))
        #expect(error.code == .badResponse)
        #expect(error.message.contains("not its JSON (text/html)"))
        await run.server.shutdown()
    }
}

@Suite struct StackOverflowRequestTests {
    @Test func tagsMatchAllUseQuestionsWithSemicolonsAndTheKeyAsBearer() async throws {
        let run = try await StackOverflowFixtureRun.serving("empty-items")
        _ = try await run.harness.items(
            run.entry(#", "tags": ["swift", "vapor"], "sort": "votes", "limit": 50, "key": "${STACKEXCHANGE_KEY}""#))
        let request = try #require(run.server.requests.first)
        #expect(request.path == "/2.3/questions")
        #expect(
            request.query == [
                "order": "desc", "sort": "votes", "tagged": "swift;vapor", "site": "stackoverflow", "pagesize": "50",
                "filter": "default",
            ])
        #expect(request.headers["authorization"] == "Bearer se-test-key-0123456789")
        #expect(!request.uri.contains("se-test-key"), "the key never travels in the URL")
        #expect(request.headers["user-agent"]?.hasPrefix("Tributary/") == true)
        await run.server.shutdown()
    }

    @Test func matchAnyUsesSearchAndUnansweredUsesNoAnswers() async throws {
        let run = try await StackOverflowFixtureRun.serving("empty-items")
        _ = try await run.harness.items(run.entry(#", "tags": ["ios", "android"], "match": "any""#))
        _ = try await run.harness.items(run.entry(#", "tags": [], "unanswered": true"#))
        _ = try await run.harness.items(run.entry(#", "tags": ["ios", "android"], "match": "any", "unanswered": true"#))
        #expect(
            run.server.requests.map(\.path) == ["/2.3/search", "/2.3/questions/no-answers", "/2.3/search/advanced"])
        #expect(run.server.requests.last?.query["answers"] == "0")
        await run.server.shutdown()
    }

    @Test func noKeyMeansNoAuthorizationHeader() async throws {
        let run = try await StackOverflowFixtureRun.serving("empty-items")
        let keyless = SourceHarness(SourceType(StackOverflowSource.self), environment: [:])
        _ = try await keyless.items(run.entry(#", "key": "${STACKEXCHANGE_KEY}""#))
        #expect(run.server.requests.first?.headers["authorization"] == nil)
        await run.server.shutdown()
    }

    @Test func moreThanFiveTagsWithMatchAllIsAConfigurationError() throws {
        let harness = SourceHarness(SourceType(StackOverflowSource.self))
        #expect {
            try harness.source(#"{"id": "so", "type": "stackoverflow", "tags": ["a", "b", "c", "d", "e", "f"]}"#)
        } throws: { error in
            let error = error as? TributaryError
            return error?.code == .invalidConfiguration
                && error?.message.hasPrefix("sources[0].tags: at most 5 tags") == true
        }
    }

    @Test func sortsTheSearchMethodsRejectAreConfigurationErrors() throws {
        let harness = SourceHarness(SourceType(StackOverflowSource.self))
        #expect(throws: TributaryError.self) {
            try harness.source(
                #"{"id": "so", "type": "stackoverflow", "tags": ["a", "b"], "match": "any", "sort": "hot"}"#)
        }
    }

    @Test func theReadmeSampleIsAValidEntry() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../Plugins/StackOverflow/README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let sample = try #require(
            text.components(separatedBy: "```json\n").dropFirst().first?.components(separatedBy: "```").first)
        let harness = SourceHarness(SourceType(StackOverflowSource.self), environment: ["STACKEXCHANGE_KEY": "k"])
        #expect(try harness.entry(sample).type == "stackoverflow")
        _ = try harness.source(sample)
    }
}
