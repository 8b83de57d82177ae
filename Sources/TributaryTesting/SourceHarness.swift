import Foundation
import Tributary
import TributaryNetwork

/// Runs one source the way the host does, for tests: an entry from feeds.json-style
/// JSON, validated by the real `ConfigLoader`, fetched over real HTTP.
public struct SourceHarness: Sendable {
    public let type: SourceType
    public let environment: [String: String]
    /// The run's time, as the host would hand it over; a `ManualClock`'s in timing tests.
    public let clock: RunClock

    public init(_ type: SourceType, environment: [String: String] = [:], clock: RunClock = .system) {
        self.type = type
        self.environment = environment
        self.clock = clock
    }

    /// Validates one entry (a JSON object as in feeds.json's `sources`).
    public func entry(_ json: String) throws -> SourceEntry {
        let document = "{\"sources\": [\(json)]}"
        let loader = ConfigLoader(registry: SourceRegistry([type]), environment: environment)
        return try loader.load(Data(document.utf8)).sources[0]
    }

    /// Builds the source for an entry; throws its configuration or skip error.
    public func source(_ json: String) throws -> any FeedSource {
        try type.make(try entry(json))
    }

    /// Subscribes to the source's signal once (no retries) and collects every update;
    /// with `embeddingImages`, as a report run with `--embed-images` would.
    public func updates(_ json: String, timeout: Duration = .seconds(10), embeddingImages: Bool = false) async throws
        -> [SourceUpdate]
    {
        let source = try source(json)
        let http = HTTPClient(transport: CurlTransport(userAgent: HTTPClient.userAgent), timeout: timeout, clock: clock)
        let thumbnails = embeddingImages ? ThumbnailFetcher(sharing: http) : nil
        return try await source.signal(in: SourceContext(sourceID: "test", http: http, thumbnails: thumbnails))
            .collect()
    }

    /// Subscribes once as a run with a state store would: with the last run's `cursor`
    /// and the harness clock's time as `context.now`.
    public func updates(_ json: String, cursor: String?) async throws -> [SourceUpdate] {
        let source = try source(json)
        let transport = CurlTransport(userAgent: HTTPClient.userAgent)
        let http = HTTPClient(transport: transport, timeout: .seconds(10), clock: clock)
        return try await source.signal(in: SourceContext(sourceID: "test", http: http, now: clock.now, cursor: cursor))
            .collect()
    }

    /// The last update's items.
    public func items(_ json: String) async throws -> [FeedItem] {
        try await updates(json).last?.items ?? []
    }

    /// The error the source's signal fails with, or nil when it succeeds.
    public func failure(_ json: String) async -> TributaryError? {
        do {
            _ = try await updates(json)
            return nil
        } catch {
            return error as? TributaryError
        }
    }
}
