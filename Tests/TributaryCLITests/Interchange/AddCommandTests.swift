import Foundation
import Testing
import TributaryTesting

/// `tributary add URL`: a feed's address, or a page that leads to one, served on 127.0.0.1.
@Suite struct AddCommandTests {
    static let rss = """
        <?xml version="1.0"?><rss version="2.0"><channel><title>Ada &amp; friends</title>
        <link>https://ada.example/</link><item><title>Hello</title><link>https://ada.example/1</link></item>
        </channel></rss>
        """
    static let atom = """
        <feed xmlns="http://www.w3.org/2005/Atom"><title>Atom side</title><id>urn:x</id>
        <updated>2026-11-01T00:00:00Z</updated></feed>
        """

    static func page(head: String) -> ServedResponse {
        .text(
            "<!DOCTYPE html><html><head><title>Ada</title>\(head)</head><body>Hi</body></html>",
            contentType: "text/html")
    }

    /// Serves `routes` by path (404 for the rest) and runs `add` with `arguments`, the
    /// address of `path` first, in a fresh folder with an empty feeds.json.
    func add(
        _ path: String, _ arguments: [String] = [], routes: @escaping @Sendable (String) -> ServedResponse?
    ) async throws -> (TributaryBinary.Result, config: String, server: LocalHTTPServer) {
        let server = try await LocalHTTPServer.start { request in
            routes(request.path) ?? .text("not here", status: 404)
        }
        let config = try TributaryBinary.config(#"{"sources": []}"#)
        let address = server.baseURL.absoluteString + path
        let result = try await TributaryBinary.run(
            ["add", address] + arguments, in: config.deletingLastPathComponent())
        await server.shutdown()
        return (result, try String(contentsOf: config, encoding: .utf8), server)
    }

    @Test func aFeedAddressIsAddedWithItsOwnTitle() async throws {
        let (result, config, server) = try await add("/rss.xml") { path in
            path == "/rss.xml" ? .text(Self.rss, contentType: "application/rss+xml") : nil
        }
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("added ada-friends: \(server.baseURL.absoluteString)/rss.xml"))
        #expect(config.contains(#""title": "Ada & friends""#))
        #expect(server.requests.count == 1, "fetched once")
    }

    @Test func aPageWithAnAlternateLinkLeadsToItsFeed() async throws {
        let (result, config, server) = try await add("/", ["--tag", "friends"]) { path in
            switch path {
            case "/":
                Self.page(
                    head: #"<link rel="alternate" type="application/rss+xml" title="Ada's posts" href="/rss.xml">"#)
            case "/rss.xml": .text(Self.rss, contentType: "application/rss+xml")
            default: nil
            }
        }
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let base = server.baseURL.absoluteString
        #expect(result.stdout.contains("added ada-s-posts: \(base)/rss.xml [friends]"))
        #expect(config.contains(#""url": "\#(base)/rss.xml""#))
        #expect(config.contains(#""siteURL": "\#(base)/""#))
        #expect(config.contains(#""tags": ["friends"]"#))
    }

    @Test func aRelativeLinkResolvesAgainstTheBase() async throws {
        let (result, config, server) = try await add("/about/me.html") { path in
            switch path {
            case "/about/me.html":
                Self.page(
                    head: #"<base href="/blog/"><link href="feeds/atom.xml" REL=alternate type='application/atom+xml'>"#
                )
            case "/blog/feeds/atom.xml": .text(Self.atom, contentType: "application/atom+xml")
            default: nil
            }
        }
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(config.contains(#""url": "\#(server.baseURL.absoluteString)/blog/feeds/atom.xml""#))
        #expect(config.contains(#""title": "Atom side""#))
    }

    @Test func aPageWithoutLinksFallsBackToIndexXML() async throws {
        let (result, config, server) = try await add("/") { path in
            switch path {
            case "/": Self.page(head: "")
            case "/index.xml": .text(Self.rss, contentType: "application/xml")
            default: nil
            }
        }
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(config.contains(#""url": "\#(server.baseURL.absoluteString)/index.xml""#))
        let paths = server.requests.map(\.path)
        #expect(paths == ["/", "/feed", "/rss.xml", "/atom.xml", "/index.xml"], "each address fetched once")
    }

    @Test func aPageWithNoFeedSaysWhatWasTried() async throws {
        let (result, config, server) = try await add("/") { path in
            switch path {
            case "/": Self.page(head: #"<link rel="alternate" type="application/rss+xml" href="/gone.xml">"#)
            case "/feed": Self.page(head: "")
            default: nil
            }
        }
        let base = server.baseURL.absoluteString
        #expect(result.status == 1)
        #expect(result.stderr.contains("tributary: no feed found at \(base)/; tried:"), "stderr: \(result.stderr)")
        #expect(result.stderr.contains("  \(base)/gone.xml (announced by the page): HTTP 404"))
        #expect(result.stderr.contains("  \(base)/feed: not a feed (text/html)"))
        for path in ["/rss.xml", "/atom.xml", "/index.xml", "/feed.json"] {
            #expect(result.stderr.contains("  \(base)\(path): HTTP 404"))
        }
        #expect(config == #"{"sources": []}"#, "nothing written")
    }

    @Test func severalFeedsAreListedUntilOneIsPicked() async throws {
        let head = """
            <link rel="alternate" type="application/rss+xml" title="Posts" href="/rss.xml">
            <link rel="alternate" type="application/atom+xml" title="Comments" href="/atom.xml">
            """
        let routes: @Sendable (String) -> ServedResponse? = { path in
            switch path {
            case "/": Self.page(head: head)
            case "/rss.xml": .text(Self.rss, contentType: "application/rss+xml")
            case "/atom.xml": .text(Self.atom, contentType: "application/atom+xml")
            default: nil
            }
        }
        let (listed, unchanged, server) = try await add("/", routes: routes)
        #expect(listed.status == 64)
        #expect(listed.stderr.contains("several feeds were found; add one with --pick N:"))
        #expect(listed.stderr.contains("  2. \(server.baseURL.absoluteString)/atom.xml (Comments)"))
        #expect(unchanged == #"{"sources": []}"#)

        let (picked, config, _) = try await add("/", ["--pick", "2", "--id", "comments"], routes: routes)
        #expect(picked.status == 0, "stderr: \(picked.stderr)")
        #expect(config.contains(#""id": "comments""#) && config.contains(#""title": "Comments""#))
    }

    @Test func aPageAnnouncingAThousandFeedsHasOnlyTheFirst20Fetched() async throws {
        let head = (1...1000).map { #"<link rel="alternate" type="application/rss+xml" href="/feed\#($0).xml">"# }
        let (result, config, server) = try await add("/") { path in
            path == "/" ? Self.page(head: head.joined()) : nil
        }
        #expect(result.status == 1)
        let announced = server.requests.map(\.path).filter {
            $0.hasPrefix("/feed") && $0 != "/feed" && $0 != "/feed.json"
        }
        #expect(announced == (1...20).map { "/feed\($0).xml" }, "only the first 20 announced feeds are fetched")
        let base = server.baseURL.absoluteString
        let note = "note: \(base)/ announces 1000 feeds; the first 20 were tried, the other 980 ignored"
        #expect(result.stderr.contains(note), "stderr: \(result.stderr)")
        #expect(config == #"{"sources": []}"#)
    }

    @Test func anAddressThatIsNeitherFeedNorPageIsRefused() async throws {
        let (result, config, server) = try await add("/api") { path in
            path == "/api" ? .text(#"{"ok": true}"#, contentType: "application/json") : nil
        }
        #expect(result.status == 1)
        let address = server.baseURL.absoluteString + "/api"
        let message = "\(address) is neither a feed nor an HTML page (application/json); give the feed's own address"
        #expect(result.stderr.contains("tributary: " + message), "stderr: \(result.stderr)")
        #expect(config == #"{"sources": []}"#)
    }

    @Test(arguments: [
        (["ftp://ada.example/feed"], "ftp://ada.example/feed is not an http or https address"),
        (["https://ada.example/", "--pick", "0"], "--pick counts from 1"),
        (
            ["https://ada:hunter2-literal@ada.example/feed"],
            "https://ada:***@ada.example/feed: the address holds a password, which feeds.json takes only as a variable"
        ),
    ])
    func badArgumentsAreUsageErrors(arguments: [String], message: String) async throws {
        let config = try TributaryBinary.config(#"{"sources": []}"#)
        let result = try await TributaryBinary.run(["add"] + arguments, in: config.deletingLastPathComponent())
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "stderr: \(result.stderr)")
        #expect(!result.stderr.contains("hunter2"))
    }
}
