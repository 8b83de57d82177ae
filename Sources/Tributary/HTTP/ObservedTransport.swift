/// A transport that shows each request to an observer on its way through
/// (`HTTPClient.observing`).
struct ObservedTransport: HTTPTransport {
    let base: any HTTPTransport
    let observer: @Sendable (HTTPRequest) -> Void

    func perform(_ request: HTTPRequest, limits: TransferLimits) async throws -> HTTPResponse {
        observer(request)
        return try await base.perform(request, limits: limits)
    }
}
