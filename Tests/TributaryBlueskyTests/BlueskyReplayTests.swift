import Foundation
import Testing
import Tributary
import TributaryBluesky
import TributaryTesting
import TributaryNetwork

/// `--record` of a logged-in search keeps no password and no token, and `--replay` of it
/// logs in from the recordings with no secret set.
@Suite struct BlueskyReplayTests {
    static let registry = SourceRegistry([SourceType(BlueskySource.self)])

    /// Runs `json` once as the CLI would: the entry read by the real loader, the source
    /// fetched through `transport`.
    static func run(
        _ json: String, environment: [String: String], replaying: Bool, through transport: any HTTPTransport
    ) async throws -> [FeedItem] {
        let loader = ConfigLoader(registry: registry, environment: environment, secretsOptional: replaying)
        let entry = try loader.load(Data(#"{"sources": [\#(json)]}"#.utf8)).sources[0]
        let source = try registry.types[0].make(entry)
        let http = HTTPClient(transport: transport)
        return try await source.signal(in: SourceContext(sourceID: entry.id, http: http)).collect().last?.items ?? []
    }

    static func folder() -> URL {
        Scratch.folder.appendingPathComponent("tributary-bluesky-\(UUID().uuidString)")
    }

    @Test func aRecordedLoginHoldsNoSecretAndReplaysWithoutThem() async throws {
        let pds = try await BlueskyLoginServer.start()
        let folder = Self.folder()
        let recorder = try RecordingTransport(recordingTo: folder, through: CurlTransport(userAgent: "test"))
        let environment = ["BLUESKY_APP_PASSWORD": BlueskyLoginServer.password]
        let live = try await Self.run(pds.entry(), environment: environment, replaying: false, through: recorder)
        await pds.server.shutdown()
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        let stored = try files.map { try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }
            .joined()
        #expect(files.count == 4, "\(files)")
        #expect(!stored.contains(BlueskyLoginServer.password))
        #expect(!stored.contains("signature-0001"), "a JWT was recorded")
        #expect(stored.contains(#""accessJwt":"***""#))

        let replay = try ReplayTransport(folder: folder)
        let replayed = try await Self.run(pds.entry(), environment: [:], replaying: true, through: replay)
        #expect(replayed.map(\.title) == live.map(\.title))
        #expect(replayed.map(\.title) == ["Embedded Swift on a Pico 2 — it blinks."])
    }
}
