import Foundation
import Testing
import Tributary
import TributaryMastodon
import TributaryTesting

@Suite struct MastodonRequestTests {
    @Test func hashtagModeSendsTheTagExtraTagsAndFilters() async throws {
        let run = try await MastodonFixtureRun.serving("html-content")
        let extra =
            ##", "hashtag": "#swift", "any": ["swiftlang"], "all": ["ios"], "none": ["crypto"], "local": true, "##
            + ##""onlyMedia": true, "limit": 20"##
        _ = try await run.harness.items(
            #"{"id": "md", "type": "mastodon", "instance": "mastodon.social", "baseURL": "#
                + #""\#(run.server.baseURL)"\#(extra)}"#
        )
        let request = try #require(run.server.requests.first)
        #expect(request.path == "/api/v1/timelines/tag/swift")
        #expect(
            request.uri.contains("any%5B%5D=swiftlang&all%5B%5D=ios&none%5B%5D=crypto")
                || request.uri.contains("any[]=swiftlang&all[]=ios&none[]=crypto"))
        #expect(
            request.query["local"] == "true" && request.query["only_media"] == "true" && request.query["limit"] == "20")
        #expect(request.headers["authorization"] == nil, "no token configured: none sent")
        await run.server.shutdown()
    }

    @Test(arguments: [("public", nil), ("local", "true")] as [(String, String?)])
    func publicAndLocalModesReadThePublicTimeline(mode: String, local: String?) async throws {
        let run = try await MastodonFixtureRun.serving("html-content")
        _ = try await run.harness.items(run.entry(#", "mode": "\#(mode)""#))
        let request = try #require(run.server.requests.first)
        #expect(request.path == "/api/v1/timelines/public")
        #expect(request.query["local"] == local)
        await run.server.shutdown()
    }

    @Test func accountModeLooksTheAccountUpThenReadsItsStatuses() async throws {
        let run = try await MastodonFixtureRun.serving { request in
            let file = request.path.hasSuffix("/lookup") ? "lookup" : "statuses"
            return Fixture.response("account-lookup/\(file).json", in: .module)
        }
        let items = try await run.harness.items(run.entry(#", "mode": "account", "account": "@ada""#))
        #expect(items.map(\.title) == ["Hello from my own account."])
        #expect(
            run.server.requests.map(\.path) == [
                "/api/v1/accounts/lookup", "/api/v1/accounts/109876543210987654/statuses",
            ])
        #expect(run.server.requests.first?.query["acct"] == "ada")
        await run.server.shutdown()
    }

    @Test func theTokenIsSentAsABearerHeaderAndNeverShown() async throws {
        let run = try await MastodonFixtureRun.serving("login-required", status: 401)
        let error = try #require(await run.harness.failure(run.entry(#", "accessToken": "${MASTODON_TOKEN}""#)))
        #expect(run.server.requests.first?.headers["authorization"] == "Bearer \(MastodonFixtureRun.token)")
        #expect(!error.description.contains(MastodonFixtureRun.token))
        await run.server.shutdown()
    }

    @Test(arguments: [
        (#", "mode": "hashtag", "hashtag": "swift lang""#, "sources[0].hashtag: \"swift lang\" is not a hashtag"),
        (#", "mode": "account""#, "sources[0].account: required in account mode"),
        (#", "mode": "public", "any": ["ios"]"#, "sources[0].mode: any, all and none apply only to hashtag mode"),
        (
            #", "hashtag": "swift", "local": true, "remote": true"#,
            "sources[0].remote: \"local\" and \"remote\" together"
        ),
    ])
    func impossibleEntriesAreConfigurationErrors(extra: String, message: String) async throws {
        let run = try await MastodonFixtureRun.serving("html-content")
        let error = await run.harness.failure(
            #"{"id": "md", "type": "mastodon", "instance": "mastodon.social"\#(extra)}"#)
        #expect(error?.code == .invalidConfiguration)
        #expect(error?.message.hasPrefix(message) == true)
        await run.server.shutdown()
    }

    @Test func anInstanceIsRequired() throws {
        let harness = SourceHarness(SourceType(MastodonSource.self))
        #expect(throws: TributaryError.self) {
            try harness.entry(#"{"id": "md", "type": "mastodon", "hashtag": "swift"}"#)
        }
    }
}

@Suite struct MastodonPagingTests {
    /// Page one links to page two (`max_id`); page two has no `next`.
    static func pagingServer(nextHost: String? = nil) async throws -> MastodonFixtureRun {
        try await MastodonFixtureRun.serving { request in
            guard request.query["max_id"] == nil else {
                return Fixture.response("link-paging/page-2.json", in: .module)
            }
            let host = nextHost ?? request.headers["host"] ?? ""
            let link =
                "<http://\(host)/api/v1/timelines/tag/swift?limit=2&max_id=113599999999999999>; rel=\"next\", "
                + "<http://\(host)/api/v1/timelines/tag/swift?limit=2&min_id=113600000000000000>; rel=\"prev\""
            return Fixture.response("link-paging/page-1.json", in: .module, headers: ["Link": link])
        }
    }

    @Test func pagesFollowTheLinkHeaderUntilTheLimit() async throws {
        let run = try await Self.pagingServer()
        let items = try await run.harness.items(run.entry(#", "limit": 3"#))
        #expect(items.map(\.title) == ["Page one status 0", "Page one status 1", "Page two status 0"])
        #expect(run.server.requests.map { $0.query["max_id"] } == [nil, "113599999999999999"])
        await run.server.shutdown()
    }

    @Test(arguments: ["", "&again=1"])  // the same page again; another address, the same statuses
    func aPageThatLinksToItselfOrRepeatsIsReadOnce(nextSuffix: String) async throws {
        let run = try await MastodonFixtureRun.serving { request in
            let link = "<http://\(request.headers["host"] ?? "")\(request.uri)\(nextSuffix)>; rel=\"next\""
            return Fixture.response("link-paging/page-1.json", in: .module, headers: ["Link": link])
        }
        let items = try await run.harness.items(run.entry(#", "limit": 40"#))
        #expect(items.map(\.title) == ["Page one status 0", "Page one status 1"], "each status once, not 40 copies")
        #expect(run.server.requests.count == (nextSuffix.isEmpty ? 1 : 2), "\(run.server.requests.map(\.uri))")
        await run.server.shutdown()
    }

    @Test func aLimitOneHasReachedNeedsNoSecondPage() async throws {
        let run = try await Self.pagingServer()
        let items = try await run.harness.items(run.entry(#", "limit": 2"#))
        #expect(items.count == 2 && run.server.requests.count == 1)
        await run.server.shutdown()
    }

    @Test func aNextLinkToAnotherHostIsNotFollowed() async throws {
        let run = try await Self.pagingServer(nextHost: "127.0.0.2:9")
        let items = try await run.harness.items(run.entry(#", "limit": 10, "accessToken": "${MASTODON_TOKEN}""#))
        #expect(items.count == 2 && run.server.requests.count == 1)
        await run.server.shutdown()
    }
}
