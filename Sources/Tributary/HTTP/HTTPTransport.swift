/// Limits a transport enforces on one transfer.
public struct TransferLimits: Sendable {
    /// The most body bytes accepted, after transfer decoding.
    public var maxBodySize: Int
    /// How many redirects are followed (only to http and https).
    package var maxRedirects: Int
    /// The request's deadline, connecting to last byte, counted from when the transfer
    /// starts (not while it waits for a connection slot); the client sets it.
    public var deadline: Duration
    /// The longest connecting (name lookup, TCP and TLS) may take, when shorter than `deadline`.
    package var connectTimeout: Duration

    public init(
        maxBodySize: Int = FeedsConfig.defaultMaxResponseSize, maxRedirects: Int = 5,
        deadline: Duration = FeedsConfig.defaultTimeout,
        connectTimeout: Duration = .seconds(10)
    ) {
        self.maxBodySize = maxBodySize
        self.maxRedirects = maxRedirects
        self.deadline = deadline
        self.connectTimeout = connectTimeout
    }
}

/// Carries a request to a server (or a recording) and brings back the response.
/// Implementations, in TributaryNetwork: `CurlTransport` (the network, on libcurl), `ReplayTransport`
/// (recordings), `RecordingTransport` (the network, saving what it sees), `CachingTransport`.
public protocol HTTPTransport: Sendable {
    /// Performs the request; throws `TributaryError` for failures without a response.
    /// Cancelling the calling task cancels the transfer.
    func perform(_ request: HTTPRequest, limits: TransferLimits) async throws -> HTTPResponse
}
