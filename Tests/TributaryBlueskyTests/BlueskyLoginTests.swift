import Foundation
import Testing
import Tributary
import TributaryBluesky
import TributaryTesting

/// A PDS on 127.0.0.1 for app-password login: `createSession` answers with `login`
/// (the Nth login with the Nth answer, the last one repeating), and the feed calls answer
/// with `feed` when they carry the bearer token of the last login, else `AuthMissing`.
final class BlueskyLoginServer: Sendable {
    static let password = "abcd-efgh-ijkl-mnop"
    static let accessJwt =
        "eyJ0eXAiOiJhdCtqd3QiLCJhbGciOiJFUzI1NksifQ"
        + ".eyJzY29wZSI6ImNvbS5hdHByb3RvLmFwcFBhc3MiLCJzdWIiOiJkaWQ6cGxjOmFkYSJ9.access-signature-0001"
    let harness = SourceHarness(SourceType(BlueskySource.self), environment: ["BLUESKY_APP_PASSWORD": password])
    let server: LocalHTTPServer

    init(server: LocalHTTPServer) {
        self.server = server
    }

    /// A server whose logins answer with `logins` in turn and whose feed calls answer with `feed(loginCount)`.
    static func start(
        logins: [ServedResponse] = [Fixture.response("create-session/body.json", in: .module)],
        feed: @escaping @Sendable (_ logins: Int) -> ServedResponse = { _ in
            Fixture.response("search-posts/body.json", in: .module)
        }
    ) async throws -> BlueskyLoginServer {
        let count = LoginCount()
        let server = try await LocalHTTPServer.start { request in
            if request.path == "/xrpc/com.atproto.server.createSession" {
                return logins[min(count.next() - 1, logins.count - 1)]
            }
            guard request.headers["authorization"] == "Bearer \(accessJwt)" else {
                return Fixture.response("auth-missing/body.json", in: .module, status: 401)
            }
            return feed(count.value)
        }
        return BlueskyLoginServer(server: server)
    }

    /// A logged-in entry whose auth server is this server.
    func entry(_ mode: String = #""mode": "search", "query": "embedded swift""#, extra: String = "") -> String {
        #"{"id": "bs", "type": "bluesky", \#(mode), "identifier": "ada.bsky.social", "#
            + #""appPassword": "${BLUESKY_APP_PASSWORD}", "authServer": "\#(server.baseURL)"\#(extra)}"#
    }

    var logins: [ServedRequest] { server.requests.filter { $0.path == "/xrpc/com.atproto.server.createSession" } }
}

/// Counts logins across the server's threads.
final class LoginCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func next() -> Int {
        lock.withLock {
            count += 1
            return count
        }
    }
    var value: Int { lock.withLock { count } }
}

@Suite struct BlueskyLoginTests {
    @Test func searchLogsInWithTheAppPasswordAndSendsTheAccessToken() async throws {
        let pds = try await BlueskyLoginServer.start()
        let items = try await pds.harness.items(pds.entry())
        await pds.server.shutdown()
        #expect(items.map(\.title) == ["Embedded Swift on a Pico 2 — it blinks."])
        #expect(pds.server.requests.map(\.method) == ["POST", "GET"])
        let login = try #require(pds.logins.first)
        #expect(login.headers["content-type"] == "application/json")
        let sent = String(decoding: login.body, as: UTF8.self)
        #expect(sent == #"{"identifier":"ada.bsky.social","password":"\#(BlueskyLoginServer.password)"}"#)
        let search = pds.server.requests[1]
        #expect(search.path == "/xrpc/app.bsky.feed.searchPosts")
        #expect(search.headers["authorization"] == "Bearer \(BlueskyLoginServer.accessJwt)")
    }

    @Test func aLoggedInAuthorFeedGoesThroughTheAuthServerNotThePublicAppView() async throws {
        let pds = try await BlueskyLoginServer.start { _ in Fixture.response("author-feed/body.json", in: .module) }
        let appView = try await LocalHTTPServer.start { _ in .text("not here", status: 500) }
        let entry = pds.entry(#""actor": "swift.org", "baseURL": "\#(appView.baseURL)""#)
        let items = try await pds.harness.items(entry)
        await pds.server.shutdown()
        await appView.shutdown()
        #expect(items.first?.title == "Swift 6.3 is out!")
        #expect(appView.requests.isEmpty)
        #expect(pds.server.requests.last?.path == "/xrpc/app.bsky.feed.getAuthorFeed")
        #expect(pds.server.requests.last?.headers["authorization"] == "Bearer \(BlueskyLoginServer.accessJwt)")
    }

    @Test func anExpiredTokenLogsInAgainOnceAndTheCallSucceeds() async throws {
        let pds = try await BlueskyLoginServer.start { logins in
            logins == 1
                ? Fixture.response("expired-token/body.json", in: .module, status: 400)
                : Fixture.response("search-posts/body.json", in: .module)
        }
        let items = try await pds.harness.items(pds.entry())
        await pds.server.shutdown()
        #expect(items.count == 1)
        #expect(pds.server.requests.map(\.method) == ["POST", "GET", "POST", "GET"])
    }

    @Test func aTokenThatExpiresAgainAfterTheSecondLoginSkipsTheSource() async throws {
        let pds = try await BlueskyLoginServer.start { _ in
            Fixture.response("expired-token/body.json", in: .module, status: 400)
        }
        let error = try #require(await pds.harness.failure(pds.entry()))
        await pds.server.shutdown()
        #expect(pds.logins.count == 2, "one login, and one more after the token expired")
        #expect(error.code == .skipped)
        #expect(error.message.contains("refused the logged-in session (HTTP 400: ExpiredToken: Token has expired)"))
    }
}
