import Foundation

/// The one HTTP client of a run, shared by every source.
///
/// It applies the run's politeness (connection limits, `User-Agent`), the per-request
/// deadline, the size caps, and upstream's "wait before asking again" holds, and hands
/// the request to a transport: the network, a recorder or a replayer. It does not
/// retry: the host retries whole source signals, so a source stays one simple pipeline.
public struct HTTPClient: Sendable {
    public static let userAgent = "Tributary/\(TributaryVersion.current) (+https://github.com/tributary-digest/tributary)"

    public let transport: any HTTPTransport
    public let limits: TransferLimits
    /// The total deadline of one request, connection to last byte.
    public let timeout: Duration
    let limiter: ConnectionLimiter
    public let gate: RateGate

    public init(
        transport: any HTTPTransport, limits: TransferLimits = TransferLimits(), timeout: Duration = FeedsConfig.defaultTimeout,
        maxConnections: Int = 32, maxConnectionsPerHost: Int = 4, gate: RateGate = RateGate()
    ) {
        self.transport = transport
        self.limits = limits
        self.timeout = timeout
        self.limiter = ConnectionLimiter(maxTotal: maxConnections, maxPerHost: maxConnectionsPerHost)
        self.gate = gate
    }

    private init(copying other: HTTPClient, timeout: Duration) {
        transport = other.transport
        limits = other.limits
        self.timeout = timeout
        limiter = other.limiter
        gate = other.gate
    }

    /// The same client with another per-request deadline (a source's own `timeout`).
    public func with(timeout: Duration) -> HTTPClient {
        HTTPClient(copying: self, timeout: timeout)
    }

    /// Sends the request and returns the response whatever its status; throws
    /// `TributaryError` when there is no response (connection, timeout, caps) or when
    /// upstream's hold on the request's rate-limit key lasts longer than the deadline.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await waitForHold(on: request)
        var silenceBounded = limits
        silenceBounded.idleTimeout = timeout
        let limits = silenceBounded
        let deadline = timeout
        let transport = transport
        return try await limiter.withSlot(for: request.hostKey) {
            try await Self.withDeadline(deadline, request: request) {
                try await transport.perform(request, limits: limits)
            }
        }
    }

    /// Tells the client that requests under `key` must wait until `date`.
    public func hold(_ key: String, until date: Date) async {
        await gate.hold(key, until: date)
    }

    private func waitForHold(on request: HTTPRequest) async throws {
        let key = request.rateLimitKey ?? request.hostKey
        guard let until = await gate.heldUntil(key, now: Date()) else { return }
        let wait = until.timeIntervalSinceNow
        guard wait <= timeout.seconds else {
            throw TributaryError(.rateLimited, "rate limited until \(ClockTime.format(until))", retryAfter: until)
        }
        try await Task.sleep(for: .milliseconds(Int64(wait * 1000)))
    }

    private static func withDeadline<T: Sendable>(
        _ deadline: Duration, request: HTTPRequest, _ operation: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                try await Task.sleep(for: deadline)
                return nil
            }
            defer { group.cancelAll() }
            guard let value = try await group.next()! else {
                throw TributaryError(.timeout, "timed out after \(ClockTime.seconds(deadline)) s waiting for \(request.url.host ?? "the server")")
            }
            return value
        }
    }
}
