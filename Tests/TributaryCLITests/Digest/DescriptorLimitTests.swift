import Foundation
import Testing
import TributaryTesting

/// Under a low descriptor limit a large config still runs every source: connections and
/// sources running at once are cut to what the limit allows, and the rest wait.
@Suite struct DescriptorLimitTests {
    @Test func twoThousandSourcesUnderUlimit128AllSucceed() async throws {
        let server = try await LocalHTTPServer.start { _ in
            .text(
                #"<rss version="2.0"><channel><title>r</title><item><title>remote</title><link>https://e.org/r</link></item></channel></rss>"#,
                contentType: "application/rss+xml")
        }
        defer { Task { await server.shutdown() } }
        let config = try TributaryBinary.config("{}")
        let local = config.deletingLastPathComponent().appendingPathComponent("local.xml")
        try Data(
            #"<rss version="2.0"><channel><title>l</title><item><title>local</title><link>https://e.org/l</link></item></channel></rss>"#
                .utf8
        )
        .write(to: local)
        let entries = (0..<2_000).map { index in
            let url =
                index.isMultiple(of: 2)
                ? local.absoluteString : server.baseURL.appendingPathComponent("f\(index)").absoluteString
            return #"{"id": "s\#(index)", "type": "feed", "url": "\#(url)"}"#
        }
        try Data(
            #"{"maxConnections": 1024, "maxConnectionsPerHost": 1024, "sources": [\#(entries.joined(separator: ","))]}"#
                .utf8
        )
        .write(to: config)
        let result = try await TributaryBinary.run(
            ["digest", "--config", config.path, "--no-cache", "--format", "json"], openFileLimit: 128
        )
        #expect(result.status == 0, "\(result.stderr.suffix(600))")
        #expect(!result.stderr.contains("Too many open files"))
        #expect(result.stdout.components(separatedBy: #""status": "ok""#).count - 1 == 2_000, "every source ok")
    }
}
