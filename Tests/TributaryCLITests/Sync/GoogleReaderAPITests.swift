import Foundation
import Testing
import Tributary
import TributaryTesting

/// The Google Reader API of `serve --sync-user`, through the binary on loopback: sign-in
/// (`ClientLogin`, then `GoogleLogin auth=`), the shapes clients read, paging with
/// continuations, filters, stream and item ids in each form, and read and starred state
/// shared with the page and the Miniflux API.
@Suite(.serialized) struct GoogleReaderAPITests {
    static let readingList = "user/-/state/com.google/reading-list"
    static let read = "user/-/state/com.google/read"
    static let starred = "user/-/state/com.google/starred"

    /// A signed-in client: the `Authorization` header and the action token.
    struct Client {
        let fixture: SyncFixture
        let headers: [String: String]
        let token: String

        static func signIn(_ fixture: SyncFixture, prefix: String = "") async throws -> Client {
            let login = try await fixture.serve.send(
                prefix + "/accounts/ClientLogin", method: "POST",
                body:
                    "Email=\(SyncFixture.user)&Passwd=\(SyncFixture.password.replacingOccurrences(of: " ", with: "+"))")
            #expect(login.status == 200, "\(MinifluxAPITests.text(login))")
            let auth = MinifluxAPITests.text(login).split(separator: "\n").first { $0.hasPrefix("Auth=") }?.dropFirst(5)
            let headers = ["Authorization": "GoogleLogin auth=\(auth ?? "")"]
            let token = try await fixture.serve.send(prefix + "/reader/api/0/token", headers: headers)
            return Client(fixture: fixture, headers: headers, token: MinifluxAPITests.text(token))
        }

        func send(_ path: String, method: String = "GET", body: String? = nil) async throws -> HTTPResponse {
            try await fixture.serve.send(path, method: method, headers: headers, body: body)
        }

        func json(_ path: String, method: String = "GET", body: String? = nil) async throws -> [String: Any] {
            let response = try await send(path, method: method, body: body)
            #expect(response.status == 200, "\(path): \(response.status) \(MinifluxAPITests.text(response))")
            return MinifluxAPITests.object(try JSONSerialization.jsonObject(with: response.body))
        }

        /// A stream's items.
        func items(_ path: String) async throws -> [[String: Any]] {
            MinifluxAPITests.objects(try await json(path)["items"])
        }

        /// The feeds' stream ids by title.
        func feedIDs() async throws -> [String: String] {
            let list = MinifluxAPITests.objects(
                try await json("/reader/api/0/subscription/list?output=json")["subscriptions"])
            return Dictionary(
                uniqueKeysWithValues: list.compactMap { feed in
                    (feed["title"] as? String).flatMap { title in (feed["id"] as? String).map { (title, $0) } }
                })
        }

        func unreadCounts() async throws -> [String: Int] {
            let counts = MinifluxAPITests.objects(
                try await json("/reader/api/0/unread-count?output=json")["unreadcounts"])
            return Dictionary(
                uniqueKeysWithValues: counts.compactMap { count in
                    (count["id"] as? String).flatMap { id in (count["count"] as? Int).map { (id, $0) } }
                })
        }

        /// Posts a change with the action token and expects the plain text `OK`.
        func change(_ path: String, _ form: String) async throws {
            let response = try await send(path, method: "POST", body: form + "&T=\(token)")
            #expect(
                response.status == 200 && MinifluxAPITests.text(response) == "OK", "\(MinifluxAPITests.text(response))")
        }
    }

    static func ids(_ items: [[String: Any]]) -> [String] { items.compactMap { $0["id"] as? String } }
    static func titles(_ items: [[String: Any]]) -> [String] { items.compactMap { $0["title"] as? String } }

    @Test func withoutASyncUserTheGoogleReaderPathsAreNotThere() async throws {
        let fixture = try await SyncFixture.start(syncUser: nil)
        for path in ["/accounts/ClientLogin", "/reader/api/0/token", "/api/greader.php/reader/api/0/user-info"] {
            #expect(try await fixture.serve.send(path).status == 404, "\(path)")
        }
        let login = try await fixture.serve.send(
            "/accounts/ClientLogin", method: "POST", body: "Email=reader&Passwd=x")
        #expect(login.status == 404)
        try await fixture.stop()
    }

    @Test func clientLoginGivesATokenAndWrongCredentialsTheSameRefusal() async throws {
        let fixture = try await SyncFixture.start()
        let password = SyncFixture.password.replacingOccurrences(of: " ", with: "%20")
        let right = try await fixture.serve.send(
            "/accounts/ClientLogin", method: "POST", body: "service=reader&Email=reader&Passwd=\(password)")
        #expect(right.status == 200)
        let lines = MinifluxAPITests.text(right).split(separator: "\n")
        let auth = try #require(lines.first { $0.hasPrefix("Auth=") }?.dropFirst(5))
        #expect(!auth.isEmpty && !auth.contains("=") && lines.contains("SID=\(auth)"))
        let viaQuery = try await fixture.serve.send("/accounts/ClientLogin?Email=reader&Passwd=\(password)")
        #expect(MinifluxAPITests.text(viaQuery) == MinifluxAPITests.text(right), "the query signs in as the form does")

        let wrongUser = try await fixture.serve.send(
            "/accounts/ClientLogin", method: "POST", body: "Email=nobody&Passwd=\(password)")
        let wrongPassword = try await fixture.serve.send(
            "/accounts/ClientLogin", method: "POST", body: "Email=reader&Passwd=wrong")
        #expect(wrongUser.status == 401 && wrongPassword.status == 401)
        #expect(wrongUser.body == wrongPassword.body)
        #expect(wrongUser.headers["content-type"] == wrongPassword.headers["content-type"])

        let signedIn = ["Authorization": "GoogleLogin auth=\(auth)"]
        let info = try await fixture.serve.send("/reader/api/0/user-info", headers: signedIn)
        #expect(info.status == 200)
        #expect(
            MinifluxAPITests.object(try JSONSerialization.jsonObject(with: info.body))["userName"] as? String
                == "reader")
        let token = MinifluxAPITests.text(try await fixture.serve.send("/reader/api/0/token", headers: signedIn))
        #expect(token.count == 58 && token.hasSuffix("\n") && !token.contains(String(auth)))
        let forged = try await fixture.serve.send(
            "/reader/api/0/user-info", headers: ["Authorization": "GoogleLogin auth=\(auth)0"])
        let none = try await fixture.serve.send("/reader/api/0/user-info")
        #expect(forged.status == 401 && none.status == 401)

        let stillIn = try await fixture.serve.send("/reader/api/0/user-info", headers: signedIn)
        #expect(stillIn.status == 200, "4 failures so far")
        for _ in 1...6 {
            _ = try await fixture.serve.send("/reader/api/0/token", headers: ["Authorization": "GoogleLogin auth=x"])
        }
        let blocked = try await fixture.serve.send("/reader/api/0/user-info", headers: signedIn)
        #expect(blocked.status == 429, "the right token too, from an address refused for a minute")
        #expect(blocked.headers["retry-after"].flatMap(Int.init).map { (1...60).contains($0) } == true)
        let result = try await fixture.serve.stop()
        await fixture.server.shutdown()
        #expect(!result.stderr.contains(SyncFixture.password) && !result.stdout.contains(SyncFixture.password))
    }

    @Test func feedsLabelsAndCountsHaveTheShapesClientsRead() async throws {
        let fixture = try await SyncFixture.start()
        try await fixture.refresh()
        let client = try await Client.signIn(fixture, prefix: "/api/greader.php")
        let list = MinifluxAPITests.objects(
            try await client.json("/api/greader.php/reader/api/0/subscription/list?output=json")["subscriptions"])
        #expect(list.compactMap { $0["title"] as? String } == ["Windowed", "b"])
        let windowed = try #require(list.first)
        let id = try #require(windowed["id"] as? String)
        #expect(id.hasPrefix("feed/") && Int(id.dropFirst(5)) != nil)
        #expect((windowed["url"] as? String)?.hasSuffix("/feed.xml") == true && windowed["htmlUrl"] is String)
        let categories = MinifluxAPITests.objects(windowed["categories"])
        #expect(
            categories.first?["id"] as? String == "user/-/label/news" && categories.first?["label"] as? String == "news"
        )

        let tags = MinifluxAPITests.objects(try await client.json("/reader/api/0/tag/list?output=json")["tags"])
        #expect(tags.compactMap { $0["id"] as? String } == [Self.starred, "user/-/label/news", "user/-/label/All"])

        let counts = try await client.unreadCounts()
        #expect(counts[id] == 5 && counts["user/-/label/news"] == 5 && counts[Self.readingList] == 7)
        let whole = try await client.json("/reader/api/0/unread-count?output=json")
        #expect(whole["max"] as? Int == 7)
        let newest = MinifluxAPITests.objects(whole["unreadcounts"]).first { $0["id"] as? String == id }
        #expect(
            (newest?["newestItemTimestampUsec"] as? String).flatMap(Int64.init).map { $0 > 1_700_000_000_000_000 }
                == true)
        try await fixture.stop()
    }

    @Test func streamContentsGivesItemsInGoogleReadersShape() async throws {
        let fixture = try await SyncFixture.start()
        try await fixture.refresh()
        let client = try await Client.signIn(fixture)
        let feed = try #require(try await client.feedIDs()["Windowed"])
        let page = try await client.json(
            "/reader/api/0/stream/contents/\(feed.replacingOccurrences(of: "/", with: "%2F"))")
        #expect(page["id"] as? String == feed && page["title"] as? String == "Windowed" && page["updated"] is Int)
        let items = MinifluxAPITests.objects(page["items"])
        #expect(Self.titles(items) == (1...5).reversed().map { "Post \($0)" }, "newest first")
        let first = try #require(items.first { $0["title"] as? String == "Post 5" })
        let long = try #require(first["id"] as? String)
        #expect(long.hasPrefix("tag:google.com,2005:reader/item/") && long.count == 32 + 16)
        let crawl = try #require((first["crawlTimeMsec"] as? String).flatMap(Int64.init))
        let usec = try #require((first["timestampUsec"] as? String).flatMap(Int64.init))
        #expect(usec / 1000 == crawl && crawl > 1_700_000_000_000, "first seen, in µs and ms")
        #expect(first["published"] as? Int == 1_793_595_600, "2026-11-02T05:00:00Z, a number of seconds")
        #expect(MinifluxAPITests.objects(first["alternate"]).first?["href"] as? String == "https://example.org/5")
        #expect(MinifluxAPITests.objects(first["canonical"]).first?["href"] as? String == "https://example.org/5")
        #expect(MinifluxAPITests.object(first["origin"] as Any)["streamId"] as? String == feed)
        #expect((MinifluxAPITests.object(first["summary"] as Any)["content"] as? String)?.contains("word5") == true)
        let categories = first["categories"] as? [String] ?? []
        #expect(categories.contains(Self.readingList) && categories.contains("user/-/label/news"))
        #expect(!categories.contains(Self.read) && !categories.contains(Self.starred))
        let raw = try await client.items("/reader/api/0/stream/contents/\(feed)")
        #expect(Self.ids(raw) == Self.ids(items), "feed/7 and feed%2F7 are one stream")
        let label = try await client.items("/reader/api/0/stream/contents/user/-/label/news")
        #expect(Set(Self.ids(label)) == Set(Self.ids(items)))
        let escapedLabel = try await client.items("/reader/api/0/stream/contents/user%2F-%2Flabel%2Fnews")
        #expect(Set(Self.ids(escapedLabel)) == Set(Self.ids(items)))
        let everything = try await client.items("/reader/api/0/stream/contents/\(Self.readingList)?n=100")
        #expect(everything.count == 7)
        let unknown = try await client.send("/reader/api/0/stream/contents/nonsense")
        #expect(unknown.status == 400)
        try await fixture.stop()
    }
}
