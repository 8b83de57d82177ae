import Foundation
import Testing
import Tributary
import TributaryHackerNews
import TributaryTesting

/// Serves fixtures to a `hackernews` entry over real HTTP on 127.0.0.1.
struct HackerNewsFixtureRun {
    let harness = SourceHarness(SourceType(HackerNewsSource.self))
    let server: LocalHTTPServer

    static func serving(_ fixture: String, status: Int = 200, headers: [String: String] = [:]) async throws
        -> HackerNewsFixtureRun
    {
        let response = Fixture.response("\(fixture)/body.json", in: .module, status: status, headers: headers)
        return HackerNewsFixtureRun(server: try await LocalHTTPServer.start { _ in response })
    }

    /// Answers `page=N` with `two-pages/page-N.json`.
    static func servingPages() async throws -> HackerNewsFixtureRun {
        HackerNewsFixtureRun(
            server: try await LocalHTTPServer.start { request in
                Fixture.response("two-pages/page-\(request.query["page"] ?? "0").json", in: .module)
            })
    }

    func entry(_ extra: String = "") -> String {
        #"{"id": "hn", "type": "hackernews", "baseURL": "\#(server.baseURL)", "query": "swift"\#(extra)}"#
    }
}

@Suite struct HackerNewsMappingTests {
    @Test func storiesMapTitleURLAuthorPointsAndCommentsAndIgnoreHighlights() async throws {
        let run = try await HackerNewsFixtureRun.serving("stories-with-highlights")
        let items = try await run.harness.items(run.entry())
        let story = try #require(items.first)
        #expect(story.title == "Swift 6.3 released with faster builds")
        #expect(story.url?.absoluteString == "https://www.swift.org/blog/swift-6.3-released/")
        #expect(story.author == "lattner_fan")
        #expect(story.score == 412)
        #expect(story.summary == "412 points · 198 comments")
        #expect(story.published == Date(timeIntervalSince1970: 1_795_324_303))
        #expect(story.kind == .article)
        #expect(story.tags == ["story", "front_page"])
        #expect(
            items[1].title == "Show HN: A Swift feed reader & aggregator for Linux", "the title, not its <em> highlight"
        )
        #expect(items[1].summary == "1 point · 1 comment")
        await run.server.shutdown()
    }

    @Test func aStoryWithoutURLLinksToItsDiscussionAndItsHTMLTextBecomesPlain() async throws {
        let run = try await HackerNewsFixtureRun.serving("ask-hn-without-url")
        let item = try #require(try await run.harness.items(run.entry()).first)
        #expect(item.url?.absoluteString == "https://news.ycombinator.com/item?id=46020002")
        #expect(
            item.summary
                == #"88 points · 57 comments · We run Vapor in production. Would you pick it again? "Yes" & why?"#)
        await run.server.shutdown()
    }

    @Test func commentsAreTitledAfterTheirStoryAndLinkToThemselves() async throws {
        let run = try await HackerNewsFixtureRun.serving("comment-hits")
        let item = try #require(try await run.harness.items(run.entry(#", "tags": ["comment"]"#)).first)
        #expect(item.title == "Re: Swift 6.3 released with faster builds")
        #expect(item.url?.absoluteString == "https://news.ycombinator.com/item?id=46012399")
        #expect(
            item.summary == "Swift concurrency finally clicked for me with this post. Strict checking > data races.")
        #expect(item.score == nil)
        #expect(item.kind == .post)
        await run.server.shutdown()
    }

    @Test func deletedStoriesAndEmptyCommentsAreLeftOut() async throws {
        let run = try await HackerNewsFixtureRun.serving("deleted-hits")
        let items = try await run.harness.items(run.entry())
        #expect(items.map(\.title) == ["Still here"])
        await run.server.shutdown()
    }
}

@Suite struct HackerNewsRequestTests {
    @Test func relevanceSearchSendsQueryTagsFiltersAndPageSize() async throws {
        let run = try await HackerNewsFixtureRun.serving("stories-with-highlights")
        let entry = run.entry(
            #", "tags": ["story", "author_pg"], "numericFilters": ["points > 100", "created_at_i>1767225600"], "#
                + #""limit": 30"#
        )
        _ = try await run.harness.items(entry)
        let request = try #require(run.server.requests.first)
        #expect(request.path == "/api/v1/search")
        #expect(request.query["query"] == "swift")
        #expect(request.query["tags"] == "story,author_pg")
        #expect(request.query["numericFilters"] == "points>100,created_at_i>1767225600")
        #expect(request.query["hitsPerPage"] == "30")
        #expect(request.query["page"] == "0")
        #expect(run.server.requests.count == 1, "nbPages is 1: no second page")
        await run.server.shutdown()
    }

    @Test func dateSortUsesSearchByDate() async throws {
        let run = try await HackerNewsFixtureRun.serving("stories-with-highlights")
        _ = try await run.harness.items(run.entry(#", "sort": "date""#))
        #expect(run.server.requests.first?.path == "/api/v1/search_by_date")
        await run.server.shutdown()
    }

    @Test func pagesAreReadUntilTheLimitWithinNbPages() async throws {
        let run = try await HackerNewsFixtureRun.servingPages()
        let items = try await run.harness.items(run.entry(#", "limit": 3"#))
        #expect(items.map(\.title) == ["Story number 0", "Story number 1", "Story number 2"])
        #expect(run.server.requests.map { $0.query["page"] } == ["0", "1"])
        await run.server.shutdown()
    }

    @Test func pagingStopsAtNbPages() async throws {
        let run = try await HackerNewsFixtureRun.servingPages()
        let items = try await run.harness.items(run.entry(#", "limit": 200"#))
        #expect(items.count == 4)
        #expect(run.server.requests.count == 2, "nbPages is 2")
        await run.server.shutdown()
    }

    @Test(arguments: [
        (#", "tags": ["stories"]"#, "sources[0].tags: \"stories\" is not an HN Search tag"),
        (#", "numericFilters": ["score>10"]"#, "sources[0].numericFilters: \"score>10\" is not a filter"),
    ])
    func unknownTagsAndFiltersAreConfigurationErrors(extra: String, message: String) async throws {
        let run = try await HackerNewsFixtureRun.serving("stories-with-highlights")
        let error = await run.harness.failure(run.entry(extra))
        #expect(error?.code == .invalidConfiguration)
        #expect(error?.message.hasPrefix(message) == true)
        #expect(run.server.requests.isEmpty)
        await run.server.shutdown()
    }
}

@Suite struct HackerNewsErrorTests {
    @Test func algoliasErrorMessageIsQuotedInAPermanentError() async throws {
        let run = try await HackerNewsFixtureRun.serving("invalid-numeric-filter", status: 400)
        let error = try #require(await run.harness.failure(run.entry()))
        #expect(error.code == .permanent)
        #expect(
            error.message
                == "HN Search (Algolia) rejected the search (HTTP 400: invalid numeric filter: Unexpected token: "
                + "parenthesis expected at col 7); check query, tags and numericFilters"
        )
        await run.server.shutdown()
    }

    @Test func http429IsRateLimitingUntilRetryAfter() async throws {
        let run = try await HackerNewsFixtureRun.serving("rate-limited", status: 429, headers: ["Retry-After": "120"])
        let error = try #require(await run.harness.failure(run.entry()))
        #expect(error.code == .rateLimited)
        #expect(error.message.contains("HTTP 429: Too many requests"))
        let wait = try #require(error.retryAfter).timeIntervalSinceNow
        #expect(wait > 100 && wait <= 120)
        await run.server.shutdown()
    }
}
