import Foundation

/// What the host hands a source when it subscribes to the source's signal.
public struct SourceContext: Sendable {
    /// The id of the entry being fetched.
    public let sourceID: String
    /// The one HTTP client of the run: limits, caps, recording and replay live there.
    public let http: HTTPClient
    /// The current time, from the host's clock.
    public let now: @Sendable () -> Date

    public init(sourceID: String, http: HTTPClient, now: @escaping @Sendable () -> Date = Date.init) {
        self.sourceID = sourceID
        self.http = http
        self.now = now
    }
}
