import TributaryLive
import TributaryRendering

/// `serve` as `tributary-serve` runs it: a `LiveServer` whose page is the report's template.
public struct WebServing: LiveServing {
    public init() {}

    public func serve(
        _ live: LivePipeline, at address: ServeAddress, timeouts: ServeTimeouts, sync: SyncAccount?, tls: ServeTLS?,
        onListening: @escaping @Sendable (Int) async -> Void
    ) async throws {
        try await LiveServer(
            live: live, address: address, timeouts: timeouts, renderer: try HTMLReportRenderer(), sync: sync,
            tls: tls
        ).run(onListening: onListening)
    }
}
