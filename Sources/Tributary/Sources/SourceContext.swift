import Foundation

/// What the host hands a source when it subscribes to the source's signal.
public struct SourceContext: Sendable {
    /// The id of the entry being fetched.
    public let sourceID: String
    /// The one HTTP client of the run: limits, caps, recording and replay live there.
    public let http: HTTPClient
    /// The current time, from the host's clock.
    public let now: @Sendable () -> Date
    /// Set when the run embeds images (a report with `--embed-images`): a source that
    /// streams thumbnails downloads them through it and sends them in a later snapshot.
    public let thumbnails: ThumbnailFetcher?
    /// The cursor the source's last successful run left (`SourceUpdate.cursor`), from the
    /// state store; nil on a first run or without a store. A source that reads it asks
    /// upstream only for what is newer and says so with `SourceUpdate.isIncremental`.
    public let cursor: String?

    public init(
        sourceID: String, http: HTTPClient, now: @escaping @Sendable () -> Date = Date.init,
        thumbnails: ThumbnailFetcher? = nil,
        cursor: String? = nil
    ) {
        self.sourceID = sourceID
        self.http = http
        self.now = now
        self.thumbnails = thumbnails
        self.cursor = cursor
    }
}
