import Foundation
import Testing
import Tributary
import TributaryLemmy
import TributaryTesting

/// Serves fixtures to a `lemmy` entry over real HTTP on 127.0.0.1.
struct LemmyFixtureRun {
    let harness = SourceHarness(SourceType(LemmySource.self))
    let server: LocalHTTPServer

    static func serving(_ path: String, status: Int = 200, contentType: String = "application/json") async throws
        -> LemmyFixtureRun
    {
        let response = Fixture.response(path, in: .module, contentType: contentType, status: status)
        return LemmyFixtureRun(server: try await LocalHTTPServer.start { _ in response })
    }

    func entry(_ extra: String = "") -> String {
        #"{"id": "lm", "type": "lemmy", "instance": "lemmy.ml", "baseURL": "\#(server.baseURL)", "community": "#
            + #""swift@programming.dev"\#(extra)}"#
    }
}

@Suite struct LemmyMappingTests {
    @Test func postsMapNameURLCreatorScoreThumbnailAndCommunity() async throws {
        let run = try await LemmyFixtureRun.serving("posts-0.19/body.json")
        let item = try #require(try await run.harness.items(run.entry()).first)
        #expect(item.title == "Swift 6.3 released")
        #expect(item.url?.absoluteString == "https://www.swift.org/blog/swift-6.3-released/")
        #expect(item.author == "Swift Fan")
        #expect(item.score == 42)
        #expect(item.thumbnail?.absoluteString == "https://programming.dev/pictrs/image/4f1c2a.jpeg")
        #expect(item.tags == ["swift"])
        #expect(item.summary == "7 comments")
        let published = try #require(item.published)
        #expect(abs(published.timeIntervalSince1970 - 1_795_324_303.123_456) < 0.000_001, "2026-11-22T05:11:43.123456Z")
        await run.server.shutdown()
    }

    @Test func textPostsLinkToTheirApIdAndAnEmptyDisplayNameFallsBackToTheName() async throws {
        let run = try await LemmyFixtureRun.serving("posts-0.19/body.json")
        let item = try await run.harness.items(run.entry())[1]
        #expect(item.url?.absoluteString == "https://programming.dev/post/2199")
        #expect(item.author == "curious_dev")
        #expect(
            item.summary == "1 comment · I've tried **Vapor** and Hummingbird. Which one &amp; why?",
            "Markdown, not HTML: kept as written")
        await run.server.shutdown()
    }

    @Test func deletedAndRemovedPostsAreLeftOut() async throws {
        let run = try await LemmyFixtureRun.serving("posts-0.19/body.json")
        let items = try await run.harness.items(run.entry())
        #expect(items.map(\.id) == ["2201", "2199"])
        await run.server.shutdown()
    }

    @Test func lemmy018TimestampsWithoutAZoneAreUTC() async throws {
        let run = try await LemmyFixtureRun.serving("posts-0.18/body.json")
        let item = try #require(try await run.harness.items(run.entry()).first)
        let published = try #require(item.published)
        #expect(
            abs(published.timeIntervalSince1970 - 1_687_867_200.123_456) < 0.000_001, "2023-06-27T12:00:00.123456, UTC")
        #expect(item.author == "old_timer")
        await run.server.shutdown()
    }
}

@Suite struct LemmyRequestTests {
    @Test func postListIsAskedByCommunityNameSortAndLimit() async throws {
        let run = try await LemmyFixtureRun.serving("posts-0.19/body.json")
        _ = try await run.harness.items(run.entry(#", "sort": "TopDay", "limit": 10"#))
        let request = try #require(run.server.requests.first)
        #expect(request.path == "/api/v3/post/list")
        #expect(request.query == ["community_name": "swift@programming.dev", "sort": "TopDay", "limit": "10"])
        await run.server.shutdown()
    }

    @Test(arguments: [#""community": "swift programming""#, #""community": "a@b@c""#])
    func communityNamesAreChecked(community: String) throws {
        let harness = SourceHarness(SourceType(LemmySource.self))
        #expect(throws: TributaryError.self) {
            try harness.source(#"{"id": "lm", "type": "lemmy", "instance": "lemmy.ml", \#(community)}"#)
        }
    }
}

@Suite struct LemmyErrorTests {
    @Test(arguments: [
        ("couldnt-find-community/body.json", 400, "HTTP 400: couldnt_find_community"),
        ("record-not-found-0.19/body.json", 404, "HTTP 404: unknown: Record not found"),
        ("record-not-found-0.18/body.txt", 404, "HTTP 404: Record not found"),
    ])
    func anUnknownCommunityIsNamedWhateverTheVersion(path: String, status: Int, detail: String) async throws {
        let type = path.hasSuffix(".txt") ? "text/plain" : "application/json"
        let run = try await LemmyFixtureRun.serving(path, status: status, contentType: type)
        let error = try #require(await run.harness.failure(run.entry()))
        #expect(error.code == .permanent)
        #expect(
            error.message.hasSuffix(
                """
                knows no community swift@programming.dev (\(detail)); check \"community\" (name@instance for remote \
                ones)
                """
            ))
        await run.server.shutdown()
    }

    @Test func rateLimitErrorIsRateLimiting() async throws {
        let run = try await LemmyFixtureRun.serving("rate-limit-error/body.json", status: 400)
        let error = try #require(await run.harness.failure(run.entry()))
        #expect(error.code == .rateLimited)
        await run.server.shutdown()
    }

    @Test func aPrivateInstanceSkipsTheSource() async throws {
        let run = try await LemmyFixtureRun.serving("instance-is-private/body.json", status: 400)
        let error = try #require(await run.harness.failure(run.entry()))
        #expect(error.code == .skipped)
        #expect(error.message.contains("shows posts only to logged-in users (HTTP 400: instance_is_private)"))
        await run.server.shutdown()
    }
}
