import Foundation
import Tributary
import TributaryMastodon
import TributaryTesting

/// Serves fixtures to a `mastodon` entry over real HTTP on 127.0.0.1.
struct MastodonFixtureRun {
    static let token = "test.token.for.mastodon"
    let harness = SourceHarness(SourceType(MastodonSource.self), environment: ["MASTODON_TOKEN": Self.token])
    let server: LocalHTTPServer

    static func serving(_ fixture: String, status: Int = 200, headers: [String: String] = [:]) async throws
        -> MastodonFixtureRun
    {
        let response = Fixture.response(
            fixture.contains(".") ? fixture : "\(fixture)/body.json", in: .module, status: status, headers: headers)
        return MastodonFixtureRun(server: try await LocalHTTPServer.start { _ in response })
    }

    static func serving(_ handler: @escaping LocalHTTPServer.Handler) async throws -> MastodonFixtureRun {
        MastodonFixtureRun(server: try await LocalHTTPServer.start(handler))
    }

    /// A hashtag entry for #swift pointed at the server; `extra` adds keys.
    func entry(_ extra: String = "") -> String {
        let mode = extra.contains("\"mode\"") ? "" : #", "hashtag": "swift""#
        return
            #"{"id": "md", "type": "mastodon", "instance": "mastodon.social", "baseURL": "#
            + #""\#(server.baseURL)"\#(mode)\#(extra)}"#
    }
}
