import Foundation
import Testing
import TributaryTesting

/// An entry's `headers`, `userAgent` and `username`/`password`, end to end: they reach
/// the server, and the password (or its Basic form) and header values from variables
/// never appear in output, errors or recordings, even when the server echoes them.
@Suite struct EntryHTTPOptionsTests {
    static let password = "pw-c0ffee-91"
    static let apiKey = "key-d15ea5e-42"
    static let environment = ["FEED_PASS": password, "FEED_KEY": apiKey]
    static let feed = """
        <?xml version="1.0"?><rss version="2.0"><channel><title>Private</title>
        <item><title>Members only</title><link>https://example.org/1</link></item></channel></rss>
        """

    /// What must never be written: the secrets and the Basic credentials built from them.
    static var secrets: [String] {
        [password, apiKey, Data("ada:\(password)".utf8).base64EncodedString()]
    }

    func config(_ server: LocalHTTPServer) throws -> URL {
        try TributaryBinary.config(
            """
            {"sources": [{"id": "private", "type": "feed", "url": "\(server.baseURL.absoluteString)/feed.xml",
              "kind": "article", "headers": {"X-Api-Key": "${FEED_KEY}", "Accept-Language": "en"},
              "userAgent": "PrivateReader/2", "username": "ada", "password": "${FEED_PASS}"}]}
            """)
    }

    func written(_ result: TributaryBinary.Result, recordings: URL) throws -> String {
        let files = try FileManager.default.contentsOfDirectory(at: recordings, includingPropertiesForKeys: nil)
        let recorded = try files.map { try String(decoding: Data(contentsOf: $0), as: UTF8.self) }
        return ([result.stdout, result.stderr] + recorded).joined(separator: "\n")
    }

    @Test func theEntrysHeadersAndCredentialsArriveAndAreNeverWrittenOut() async throws {
        let server = try await LocalHTTPServer.start { _ in .text(Self.feed, contentType: "application/rss+xml") }
        let config = try config(server)
        let recordings = config.deletingLastPathComponent().appendingPathComponent("recordings")
        let result = try await TributaryBinary.run(
            ["digest", "--config", config.path, "--format", "json", "--record", recordings.path],
            environment: Self.environment)
        let request = try #require(server.requests.first)
        await server.shutdown()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Members only"))
        #expect(request.headers["x-api-key"] == Self.apiKey)
        #expect(request.headers["accept-language"] == "en")
        #expect(request.headers["user-agent"] == "PrivateReader/2")
        #expect(request.headers["authorization"] == "Basic \(Self.secrets[2])")
        let output = try written(result, recordings: recordings)
        for secret in Self.secrets { #expect(!output.contains(secret), "\(secret) was written out") }
    }

    @Test func aServerEchoingTheSecretsIntoAnErrorDoesNotLeakThem() async throws {
        let server = try await LocalHTTPServer.start { request in
            let echo = request.headers.map { "\($0.key): \($0.value)" }.joined(separator: "\n")
            return .text("refused:\n\(echo)", status: 403)
        }
        let config = try config(server)
        let recordings = config.deletingLastPathComponent().appendingPathComponent("recordings")
        let result = try await TributaryBinary.run(
            ["digest", "--config", config.path, "--verbose", "--record", recordings.path],
            environment: Self.environment)
        await server.shutdown()
        #expect(result.status == 2, "the only source failed: \(result.stdout)\(result.stderr)")
        let output = try written(result, recordings: recordings)
        for secret in Self.secrets { #expect(!output.contains(secret), "\(secret) was written out:\n\(output)") }
    }
}
