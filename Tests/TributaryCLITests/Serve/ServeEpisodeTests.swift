import Foundation
import Testing
import TributaryTesting

/// `serve`'s page plays episodes as the report does: its player holds the enclosure's
/// address, and the policy it sends as a header allows media from that file's origin.
@Suite(.serialized) struct ServeEpisodeTests {
    @Test func thePagesPolicyHeaderAllowsTheEpisodesOrigin() async throws {
        let media = try await LocalHTTPServer.start { request in
            let base = "http://\(request.headers["host"] ?? "")"
            return .body(Data(EpisodeBrowserTests.feed(base: base).utf8), contentType: "application/rss+xml")
        }
        defer { Task { await media.shutdown() } }
        let config = try TributaryBinary.config(
            #"{"title": "Listening", "sources": [{"id": "radio", "type": "feed", "title": "Harbour Radio", "#
                + #""url": "\#(media.baseURL)/show.xml"}]}"#)
        let serve = try await ServeHarness.start(config: config)
        var page = ""
        var policy = ""
        let deadline = ContinuousClock.now + .seconds(60)
        while !page.contains("<audio"), ContinuousClock.now < deadline {  // the first digest may still be running
            let response = try await serve.send("/")
            page = String(decoding: response.body, as: UTF8.self)
            policy = response.headers["content-security-policy"] ?? ""
            if !page.contains("<audio") { try await Task.sleep(for: .milliseconds(100)) }
        }
        let file = "\(media.baseURL)/episode.wav"
        #expect(page.contains(#"<audio controls preload="none" src="\#(file)"></audio>"#), "\(page.prefix(300))")
        #expect(policy.contains("; media-src \(media.baseURL.absoluteString); "), "\(policy)")
        #expect(policy.hasSuffix("; frame-ancestors 'none'"))
        _ = try await serve.stop()
    }
}
