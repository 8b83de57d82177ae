import Foundation
import Testing
import TributaryTesting

/// Upstream text that quotes a secret back (a login server's 401 that repeats the app
/// password, a 400 that repeats the bearer token, a feed that echoes its Authorization
/// header) reaches no output, no diagnostic, no report, no state store and no recording.
@Suite struct EchoedSecretTests {
    static let password = "echo-app-pw-4d1c"
    static let token = "EchoBearer-42a9x"
    static let feedToken = "feed-header-secret-77aa"

    static func echoingServer() async throws -> LocalHTTPServer {
        try await LocalHTTPServer.start { request in
            if request.path.hasSuffix("com.atproto.server.createSession") {
                let said = String(decoding: request.body, as: UTF8.self).replacingOccurrences(of: "\"", with: "\\\"")
                return .body(
                    Data(
                        #"{"error":"AuthenticationRequired","message":"Invalid identifier or password: \#(said)"}"#.utf8
                    ),
                    contentType: "application/json", status: 401)
            }
            if request.path.hasPrefix("/2/tweets") {
                let header = request.headers["Authorization"] ?? request.headers["authorization"] ?? ""
                return .body(
                    Data(#"{"title":"Invalid Request","detail":"token '\#(header)' is not valid","status":400}"#.utf8),
                    contentType: "application/json", status: 400)
            }
            let header = request.headers["X-Token"] ?? request.headers["x-token"] ?? ""
            return .text(
                #"<rss version="2.0"><channel><title>t</title><item><title>you sent \#(header)</title>"#
                    + #"<link>https://example.org/1</link><description>again: \#(header)</description></item>"#
                    + "</channel></rss>",
                contentType: "application/rss+xml")
        }
    }

    @Test func secretsQuotedByUpstreamAreScrubbedEverywhere() async throws {
        let server = try await Self.echoingServer()
        defer { Task { await server.shutdown() } }
        let config = try TributaryBinary.config(
            #"{"sources": ["#
                + #"{"id": "bsky", "type": "bluesky", "actor": "ada.example", "identifier": "ada.example", "#
                + #""appPassword": "${ECHO_PW}", "authServer": "\#(server.baseURL)"},"#
                + #"{"id": "x", "type": "twitter", "query": "swift lang", "bearerToken": "${ECHO_TOKEN}", "#
                + #""baseURL": "\#(server.baseURL)"},"#
                + #"{"id": "f", "type": "feed", "url": "\#(server.baseURL)/feed.xml", "#
                + #""headers": {"X-Token": "${ECHO_FEED}"}}]}"#)
        let folder = config.deletingLastPathComponent()
        let state = folder.appendingPathComponent("state.sqlite").path
        let environment = ["ECHO_PW": Self.password, "ECHO_TOKEN": Self.token, "ECHO_FEED": Self.feedToken]
        var seen: [String: String] = [:]
        let digest = try await TributaryBinary.run(
            [
                "digest", "--config", config.path, "--state", state, "--no-cache", "--format", "json", "-v",
                "--record", folder.appendingPathComponent("rec").path,
            ], environment: environment)
        #expect(digest.stdout.contains("you sent ***"), "the feed's echo is scrubbed, its item kept: \(digest.stdout)")
        #expect(digest.stdout.contains(#""status" : "failed""#) || digest.stdout.contains(#""status": "failed""#))
        seen["digest stdout"] = digest.stdout
        seen["digest stderr"] = digest.stderr
        let report = folder.appendingPathComponent("report.html")
        let reported = try await TributaryBinary.run(
            ["report", "--config", config.path, "--state", state, "--no-cache", "--out", report.path],
            environment: environment)
        seen["report stderr"] = reported.stderr
        seen["report"] = try String(contentsOf: report, encoding: .utf8)
        seen["state"] = try await TributaryBinary.run(["state", "--config", config.path, "--state", state]).stdout
        let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
        for file in files {
            let data = (try? Data(contentsOf: folder.appendingPathComponent(file))) ?? Data()
            seen[file] = String(decoding: data, as: UTF8.self)
        }
        #expect(files.contains { $0.hasPrefix("rec/") } && files.contains("state.sqlite"), "\(files)")
        #expect(server.requests.count >= 3, "every source asked the server")
        for (place, text) in seen {
            for secret in [Self.password, Self.token, Self.feedToken] {
                #expect(!text.contains(secret), "\(place) holds \(secret)")
            }
        }
    }
}
