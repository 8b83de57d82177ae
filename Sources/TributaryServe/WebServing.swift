import TributaryLive
import TributaryRendering

/// `serve` as `tributary-serve` runs it: a `LiveServer` whose page is the report's template.
public struct WebServing: LiveServing {
    public init() {}

    public func serve(
        _ live: LivePipeline, at address: ServeAddress, onListening: @escaping @Sendable (Int) async -> Void
    ) async throws {
        try await LiveServer(live: live, address: address, renderer: try HTMLReportRenderer()).run(
            onListening: onListening)
    }
}
