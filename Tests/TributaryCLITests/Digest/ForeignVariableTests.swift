import Foundation
import Testing
import TributaryTesting

/// Text that `import` and `add` take from an OPML file or a web page and write into
/// feeds.json never becomes a `${VAR}` reference: a later run must not send a variable's
/// value to the address the text names, nor show it.
@Suite struct ForeignVariableTests {
    static let secret = "s3cr3t-token-4711"
    static let environment = ["SECRET": secret]

    /// Serves a page announcing a feed whose title, link and address all hold `${SECRET}`,
    /// and that feed at every other path.
    static func serve() async throws -> LocalHTTPServer {
        try await LocalHTTPServer.start { request in
            if request.path == "/" {
                return .text(
                    """
                    <!DOCTYPE html><html><head><title>${SECRET} home</title>
                    <link rel="alternate" type="application/rss+xml" title="${SECRET} posts" href="/feed.xml?t=${SECRET}">
                    </head><body>Hi</body></html>
                    """, contentType: "text/html")
            }
            return .text(
                """
                <?xml version="1.0"?><rss version="2.0"><channel><title>${SECRET} channel</title>
                <link>https://ada.example/</link><item><title>Hello</title><link>https://ada.example/1</link></item>
                </channel></rss>
                """, contentType: "application/rss+xml")
        }
    }

    /// Runs a digest of `folder`'s feeds.json with SECRET set, and checks that the secret
    /// reached neither the server nor any output, and that the feed was read.
    func expectDigestKeepsTheSecret(in folder: URL, server: LocalHTTPServer) async throws {
        let feedsJSON = try String(contentsOf: folder.appendingPathComponent("feeds.json"), encoding: .utf8)
        #expect(!feedsJSON.contains(Self.secret))
        for format in ["json", "markdown"] {
            let digest = try await TributaryBinary.run(
                ["digest", "--config", "feeds.json", "--format", format, "--no-cache"],
                environment: Self.environment, in: folder)
            #expect(digest.status == 0, "stderr: \(digest.stderr)")
            #expect(digest.stdout.contains("Hello"), "the feed was read: \(digest.stdout)")
            #expect(!digest.stdout.contains(Self.secret) && !digest.stderr.contains(Self.secret))
        }
        let seen = server.requests.map { request in
            request.method + " " + request.uri + "\n" + request.headers.map { "\($0): \($1)" }.joined(separator: "\n")
        }
        #expect(seen.count >= 2, "the digests fetched the feed")
        for request in seen {
            #expect(!request.contains(Self.secret), "the server saw the secret: \(request)")
        }
    }

    @Test func importedOutlinesNameNoVariable() async throws {
        let server = try await Self.serve()
        let base = server.baseURL.absoluteString
        let folder = try TributaryBinary.config(#"{"sources": []}"#).deletingLastPathComponent()
        let opml = """
            <?xml version="1.0"?><opml version="2.0"><head><title>Mine</title></head><body>
              <outline text="${SECRET}">
                <outline text="${SECRET} news" xmlUrl="\(base)/feed.xml?token=${SECRET}" htmlUrl="\(base)/${SECRET}"/>
              </outline>
            </body></opml>
            """
        try Data(opml.utf8).write(to: folder.appendingPathComponent("subscriptions.opml"))
        let imported = try await TributaryBinary.run(
            ["import", "--config", "feeds.json", "subscriptions.opml"], environment: Self.environment, in: folder)
        #expect(imported.status == 0, "stderr: \(imported.stderr)")
        #expect(!imported.stdout.contains(Self.secret))
        let validated = try await TributaryBinary.run(["validate"], environment: Self.environment, in: folder)
        #expect(validated.stdout.contains("valid (1 source"), "stderr: \(validated.stderr)")

        try await expectDigestKeepsTheSecret(in: folder, server: server)
        await server.shutdown()
    }

    @Test func anAddedPageAndFeedNameNoVariable() async throws {
        let server = try await Self.serve()
        let folder = try TributaryBinary.config(#"{"sources": []}"#).deletingLastPathComponent()
        let added = try await TributaryBinary.run(
            ["add", server.baseURL.absoluteString + "/"], environment: Self.environment, in: folder)
        #expect(added.status == 0, "stderr: \(added.stderr)")
        #expect(!added.stdout.contains(Self.secret))
        let feedsJSON = try String(contentsOf: folder.appendingPathComponent("feeds.json"), encoding: .utf8)
        #expect(feedsJSON.contains(#""title": "$${SECRET} posts""#), "written escaped: \(feedsJSON)")

        try await expectDigestKeepsTheSecret(in: folder, server: server)
        await server.shutdown()
    }
}
