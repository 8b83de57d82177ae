import Foundation
import Testing
import Tributary
import TributaryBluesky
import TributaryTesting

/// Serves fixtures to a `bluesky` entry over real HTTP on 127.0.0.1.
struct BlueskyFixtureRun {
    let harness = SourceHarness(SourceType(BlueskySource.self))
    let server: LocalHTTPServer

    static func serving(
        _ path: String, status: Int = 200, contentType: String = "application/json", headers: [String: String] = [:]
    )
        async throws -> BlueskyFixtureRun
    {
        let response = Fixture.response(path, in: .module, contentType: contentType, status: status, headers: headers)
        return BlueskyFixtureRun(server: try await LocalHTTPServer.start { _ in response })
    }

    func entry(_ extra: String = #", "actor": "swift.org""#) -> String {
        #"{"id": "bs", "type": "bluesky", "baseURL": "\#(server.baseURL)"\#(extra)}"#
    }
}

@Suite struct BlueskyAuthorFeedTests {
    @Test func postsMapTextAuthorWebURLImagesAndScore() async throws {
        let run = try await BlueskyFixtureRun.serving("author-feed/body.json")
        let item = try #require(try await run.harness.items(run.entry()).first)
        #expect(item.title == "Swift 6.3 is out!")
        #expect(item.summary == "Swift 6.3 is out! Faster builds & better diagnostics. https://swift.org/blog")
        #expect(item.author == "Swift (@swift.org)")
        #expect(item.url?.absoluteString == "https://bsky.app/profile/swift.org/post/3lbtk2aqz6c2x")
        #expect(
            item.image?.absoluteString
                == "https://cdn.bsky.app/img/feed_fullsize/plain/did:plc:swiftorg0000000000000001/bafkreiimg1@jpeg")
        #expect(
            item.thumbnail?.absoluteString
                == "https://cdn.bsky.app/img/feed_thumbnail/plain/did:plc:swiftorg0000000000000001/bafkreiimg1@jpeg")
        #expect(item.kind == .photo)
        #expect(item.score == 150, "likes + reposts")
        #expect(item.published == ISO8601Date.parse("2026-11-22T05:11:43.120Z"))
        await run.server.shutdown()
    }

    @Test func repostsNoteTheReposterAndEmptyTextFallsBackToTheImageAlt() async throws {
        let run = try await BlueskyFixtureRun.serving("author-feed/body.json")
        let items = try await run.harness.items(run.entry())
        #expect(items[1].author == "@ada.bsky.social")
        #expect(items[1].summary == "Reposted by Swift (@swift.org) · Embedded Swift on a Pico 2 — it blinks.")
        #expect(items[2].title == "A photo of the WWDC stage", "record-with-media embeds carry their images in media")
        #expect(items[2].kind == .photo)
        await run.server.shutdown()
    }

    @Test func theRequestAsksGetAuthorFeedForTheActor() async throws {
        let run = try await BlueskyFixtureRun.serving("author-feed/body.json")
        _ = try await run.harness.items(run.entry(#", "actor": "@swift.org", "limit": 10"#))
        let request = try #require(run.server.requests.first)
        #expect(request.path == "/xrpc/app.bsky.feed.getAuthorFeed")
        #expect(request.query == ["actor": "swift.org", "filter": "posts_no_replies", "limit": "10"])
        await run.server.shutdown()
    }
}

@Suite struct BlueskySearchTests {
    @Test func searchMapsPostsWhenTheServerAnswers() async throws {
        let run = try await BlueskyFixtureRun.serving("search-posts/body.json")
        let items = try await run.harness.items(run.entry(#", "mode": "search", "query": "embedded swift""#))
        #expect(items.map(\.title) == ["Embedded Swift on a Pico 2 — it blinks."])
        #expect(run.server.requests.first?.path == "/xrpc/app.bsky.feed.searchPosts")
        #expect(run.server.requests.first?.query["q"] == "embedded swift")
        await run.server.shutdown()
    }

    @Test func theHTML403OfThePublicAppViewReadsAsNeedsLogin() async throws {
        let run = try await BlueskyFixtureRun.serving(
            "search-forbidden-html/body.html", status: 403, contentType: "text/html")
        let error = try #require(await run.harness.failure(run.entry(#", "mode": "search", "query": "swift""#)))
        #expect(error.code == .skipped)
        #expect(error.message.hasPrefix("Bluesky needs login for this (HTTP 403)"))
        #expect(error.message.contains(#"log in: set "identifier" to the account's handle or email and "appPassword""#))
        await run.server.shutdown()
    }
}

@Suite struct BlueskyErrorTests {
    @Test(arguments: [
        ("auth-missing", 401, "HTTP 401: AuthMissing: Authentication Required"),
        ("expired-token", 400, "HTTP 400: ExpiredToken: Token has expired"),
    ])
    func authErrorsSkipSayingLoginIsNeeded(fixture: String, status: Int, detail: String) async throws {
        let run = try await BlueskyFixtureRun.serving("\(fixture)/body.json", status: status)
        let error = try #require(await run.harness.failure(run.entry()))
        #expect(error.code == .skipped)
        #expect(error.message.contains("needs login for this (\(detail))"))
        await run.server.shutdown()
    }

    @Test func anUnknownActorIsAPermanentError() async throws {
        let run = try await BlueskyFixtureRun.serving("profile-not-found/body.json", status: 400)
        let error = try #require(await run.harness.failure(run.entry()))
        #expect(error.code == .permanent)
        #expect(
            error.message
                == "Bluesky rejected the request (HTTP 400: InvalidRequest: Profile not found); check \"actor\" or "
                + "\"query\""
        )
        await run.server.shutdown()
    }

    @Test func rateLimitExceededWaitsUntilRatelimitReset() async throws {
        let reset = Int(Date().timeIntervalSince1970) + 600
        let run = try await BlueskyFixtureRun.serving(
            "rate-limit-exceeded/body.json", status: 429, headers: ["RateLimit-Reset": String(reset)])
        let error = try #require(await run.harness.failure(run.entry()))
        #expect(error.code == .rateLimited)
        #expect(error.retryAfter == Date(timeIntervalSince1970: TimeInterval(reset)))
        await run.server.shutdown()
    }
}
