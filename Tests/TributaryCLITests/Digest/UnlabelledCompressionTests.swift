import Foundation
import Testing
import TributaryTesting

/// Bodies compressed without a `Content-Encoding` (Stack Exchange's habit) are inflated
/// once, by the network engine, within feeds.json's `maxResponseMB`, through the real
/// binary: a body that inflates past the cap fails its own source with a reason naming
/// the cap and the setting, and one under it reads, even past the 10 MB the sources once
/// inflated to whatever the setting said.
@Suite struct UnlabelledCompressionTests {
    /// 13 MB of spaces, gzipped: past the 12 MB cap once inflated.
    static let bomb = TestCompression.gzip(Data(repeating: 0x20, count: 13 << 20))

    /// A Stack Exchange answer padded with spaces to 11 MB, gzipped: under the cap.
    static let large = TestCompression.gzip(
        Data(
            (#"{"items": [{"question_id": 1, "title": "Large 1", "link": "https://stackoverflow.com/q/1", "#
                + #""creation_date": 1795300000}]}"#).utf8) + Data(repeating: 0x20, count: 11 << 20))

    @Test func aBodyPastTheCapFailsItsSourceAndOneUnderItReads() async throws {
        let server = try await LocalHTTPServer.start { request in
            // Served as they are, with no Content-Encoding: libcurl leaves them compressed.
            ServedResponse(
                headers: ["Content-Type": "application/json"],
                body: request.path.hasPrefix("/bomb") ? Self.bomb : Self.large)
        }
        let base = server.baseURL.absoluteString
        let config = try TributaryBinary.config(
            #"{"maxResponseMB": 12, "sources": [{"id": "bomb", "type": "stackoverflow", "baseURL": "\#(base)/bomb"}, "#
                + #"{"id": "large", "type": "stackoverflow", "baseURL": "\#(base)/large"}]}"#)
        let result = try await TributaryBinary.run([
            "digest", "--config", config.path, "--format", "json", "--no-cache",
        ])
        await server.shutdown()

        #expect(result.status == 1, "one source failed, the other printed: \(result.stderr)")
        let digest = try JSONDecoder().decode(EndToEndTests.DigestJSON.self, from: Data(result.stdout.utf8))
        #expect(digest.items.map(\.title) == ["Large 1"])
        let bomb = try #require(digest.sources.first { $0.id == "bomb" })
        #expect(bomb.status == "failed")
        let message = bomb.message ?? "no message"
        #expect(message.contains("body inflates past the 12 MB cap"), "\(message)")
        #expect(message.contains("raise \"maxResponseMB\" in feeds.json"), "\(message)")
    }
}
