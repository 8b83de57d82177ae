import Foundation
import Testing
import Tributary
import TributaryTesting
import TributaryTwitter

/// The token as the docs show it: URL-encoded characters, passed verbatim.
let testToken =
    "AAAAAAAAAAAAAAAAAAAAAMLheAAAAAAA0%2BuSeid%2BULvsea4JtiGRiSDSJSI%3D"
    + "EUifiRBkKG5E2XzMDjRfl76ZC9Ub0wnz4XsNiRVBChTYbJcE3F"

func entry(_ server: LocalHTTPServer, query: String = "swift lang:en -is:retweet", extra: String = "") -> String {
    #"{"id": "x-swift", "type": "twitter", "query": "\#(query)", "bearerToken": "${TWITTER_BEARER_TOKEN}", "#
        + #""baseURL": "\#(server.baseURL)"\#(extra)}"#
}

/// Serves one fixture for every request.
func serve(
    _ path: String, status: Int = 200, contentType: String = "application/json; charset=utf-8",
    headers: [String: String] = [:]
) async throws -> LocalHTTPServer {
    try await LocalHTTPServer.start { _ in
        Fixture.response(path, in: .module, contentType: contentType, status: status, headers: headers)
    }
}

@Suite struct TwitterSourceTests {
    /// The run's time; never moved here, so "now" is its start.
    static let clock = ManualClock()
    let harness = SourceHarness(
        SourceType(TwitterSource.self), environment: ["TWITTER_BEARER_TOKEN": testToken], clock: clock.runClock)

    @Test func v2JoinsAuthorsFromIncludesAndDecodesTextOnce() async throws {
        let server = try await serve(
            "v2-with-expansions/body.json",
            headers: ["x-rate-limit-limit": "450", "x-rate-limit-remaining": "447", "x-rate-limit-reset": "1779098167"])
        defer { Task { await server.shutdown() } }
        let updates = try await harness.updates(entry(server, extra: #", "limit": 25, "maxPages": 1"#))
        let items = try #require(updates.last?.items)
        #expect(items.count == 2)
        let first = items[0]
        #expect(first.id == "2061234567890123456")
        #expect(first.kind == .post)
        #expect(first.sourceType == "twitter")
        #expect(
            first.title
                == "Swift 6.3 on Linux & Windows: the release notes are out <3 Strict concurrency by default is the "
                + "big one https://t.co/Qx8aZ3rT1b"
        )
        #expect(
            first.summary
                == "Swift 6.3 on Linux & Windows: the release notes are out <3\n\nStrict concurrency by default is "
                + "the big one https://t.co/Qx8aZ3rT1b — Swift (@swiftlang)"
        )
        #expect(first.url?.absoluteString == "https://x.com/swiftlang/status/2061234567890123456")
        #expect(first.author == "@swiftlang")
        #expect(first.published == Date(timeIntervalSince1970: 1_779_097_267))
        #expect(first.score == 87)
        #expect(
            first.thumbnail?.absoluteString
                == "https://pbs.twimg.com/profile_images/1700000000000000001/AbCdEf12_normal.jpg")
        let second = items[1]
        #expect(
            second.title
                == "Is `sending` the same as `@Sendable`? No -> one is about regions, the other about types. Thread "
                + "below"
        )
        #expect(second.author == "@ada_codes")
        #expect(second.summary?.hasSuffix(" — Ada & Co (@ada_codes)") == true)
        let published = try #require(second.published?.timeIntervalSince1970)
        #expect(abs(published - 1_779_096_235.123) < 0.001, "fractional seconds kept")
        let diagnostics = updates.last?.diagnostics ?? []
        #expect(
            diagnostics.contains(
                """
                rate limit: 447/450 requests left, resets at \
                \(ClockTime.format(Date(timeIntervalSince1970: 1_779_098_167), now: Self.clock.start))
                """
            ))
        #expect(
            diagnostics.contains("more upstream; stopped at the page budget (1 requests)"), "a next_token, no budget")
        #expect(updates.last?.notes.isEmpty == true, "447/450 left is not worth a status note")

        let request = try #require(server.requests.first)
        #expect(server.requests.count == 1)
        #expect(request.path == "/2/tweets/search/recent")
        #expect(
            request.query == [
                "query": "swift lang:en -is:retweet", "max_results": "25",
                "tweet.fields": "created_at,public_metrics,author_id,lang,entities", "expansions": "author_id",
                "user.fields": "username,name,profile_image_url",
            ])
        #expect(request.headers["authorization"] == "Bearer \(testToken)")
        #expect(!request.uri.contains(testToken) && !request.uri.contains("AAAAAAAA"))
    }

    @Test func v2WithoutAuthorDataFallsBackToTheWebStatusURL() async throws {
        let server = try await serve("v2-without-author-data/body.json")
        defer { Task { await server.shutdown() } }
        let updates = try await harness.updates(entry(server))
        let items = try #require(updates.last?.items)
        #expect(items.map(\.id) == ["2061199887766554433", "2061188776655443322"])
        #expect(
            items.map { $0.url?.absoluteString } == [
                "https://x.com/i/web/status/2061199887766554433", "https://x.com/i/web/status/2061188776655443322",
            ])
        #expect(items.allSatisfy { $0.author == nil && $0.thumbnail == nil })
        #expect(items[0].summary == "Linux server-side Swift meetup tonight in Berlin")
        #expect(items[0].score == 5)
        #expect(items[1].published == nil && items[1].score == nil)
        #expect(
            updates.last?.diagnostics.contains { $0.contains("Could not find user with id: [1002003004005006007].") }
                == true)
    }

    @Test func v2ZeroResultsHasNoDataKeyAndIsAnEmptySnapshot() async throws {
        let reset = Date(timeIntervalSince1970: 1_779_098_167)
        let server = try await serve(
            "v2-zero-results/body.json",
            headers: ["x-rate-limit-limit": "450", "x-rate-limit-remaining": "12", "x-rate-limit-reset": "1779098167"])
        defer { Task { await server.shutdown() } }
        let updates = try await harness.updates(entry(server))
        #expect(updates.count == 1)
        #expect(updates.last?.items.isEmpty == true)
        #expect(
            updates.last?.notes == [
                "rate limit low: 12/450 requests left, resets at \(ClockTime.format(reset, now: Self.clock.start))"
            ])
    }

    @Test func v1SearchUsesIdStrClassicDatesAndScreenNames() async throws {
        let server = try await serve("v1.1-search/body.json")
        defer { Task { await server.shutdown() } }
        let items = try await harness.items(entry(server, query: "fish chips", extra: #", "api": "v1.1", "limit": 10"#))
        #expect(items.count == 1)
        let item = try #require(items.first)
        #expect(item.id == "248205633040416768", "id_str, not the rounded number")
        #expect(item.title == "Fish &amp; chips <b>tonight</b> @ the pier who's in?", "entities decoded exactly once")
        #expect(item.published == Date(timeIntervalSince1970: 1_347_921_712))
        #expect(item.author == "@twitterapi")
        #expect(item.url?.absoluteString == "https://x.com/twitterapi/status/248205633040416768")
        #expect(item.score == 21)
        #expect(
            item.thumbnail?.absoluteString
                == "https://pbs.twimg.com/profile_images/942858479592554497/BbazLO9L_normal.jpg")
        #expect(item.summary?.hasSuffix(" — Twitter API (@twitterapi)") == true)
        let request = try #require(server.requests.first)
        #expect(request.path == "/1.1/search/tweets.json")
        #expect(request.query == ["q": "fish chips", "count": "10"])
        #expect(request.headers["authorization"] == "Bearer \(testToken)")
    }

    @Test func v1HashtagsBecomeTags() async throws {
        let server = try await serve("v1.1-search-with-hashtags/body.json")
        defer { Task { await server.shutdown() } }
        let items = try await harness.items(entry(server, query: "swiftlang", extra: #", "api": "v1.1""#))
        #expect(items.first?.tags == ["SwiftLang", "Linux"])
    }

    @Test func v2HashtagsBecomeTagsAndAreAskedFor() async throws {
        let server = try await serve("v2-with-hashtags/body.json")
        defer { Task { await server.shutdown() } }
        let items = try await harness.items(entry(server, query: "swift 6"))
        #expect(items.first?.tags == ["Swift6", "iOSDev"])
        #expect(server.requests.first?.query["tweet.fields"]?.split(separator: ",").contains("entities") == true)
    }
}
