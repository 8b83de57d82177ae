import Foundation

/// The one HTTP client of a run, shared by every source.
///
/// It sets the per-request deadline and the size caps, applies upstream's "wait before
/// asking again" holds, and hands the request to a transport: the network (which holds
/// the connection limits and sends the `User-Agent`), a recorder or a replayer. It does
/// not retry: the host retries whole source signals, so a source stays one simple pipeline.
public struct HTTPClient: Sendable {
    public static let userAgent =
        "Tributary/\(TributaryVersion.current) (+https://github.com/tributary-digest/tributary)"

    public let transport: any HTTPTransport
    /// The caps and the per-request deadline (`limits.deadline`, connection to last byte):
    /// the one place a `timeout` from feeds.json or `--timeout` is kept, and where it acts.
    public let limits: TransferLimits
    public let gate: RateGate
    /// The run's time: holds are waited on it, and responses are stamped with its `now`.
    public let clock: RunClock
    /// What the entry being fetched adds to each request (headers, credentials).
    let defaults: RequestDefaults
    /// Every secret the run's requests carried: scrubbed from what upstream sends back.
    public let sentSecrets: SentSecrets

    public init(
        transport: any HTTPTransport, limits: TransferLimits = TransferLimits(), gate: RateGate = RateGate(),
        clock: RunClock = .system, defaults: RequestDefaults = RequestDefaults(),
        sentSecrets: SentSecrets = SentSecrets()
    ) {
        self.transport = transport
        self.limits = limits
        self.gate = gate
        self.clock = clock
        self.defaults = defaults
        self.sentSecrets = sentSecrets
    }

    /// A client whose per-request deadline is `timeout`, kept in `limits.deadline`.
    public init(
        transport: any HTTPTransport, limits: TransferLimits = TransferLimits(), timeout: Duration,
        gate: RateGate = RateGate(), clock: RunClock = .system
    ) {
        var limits = limits
        limits.deadline = timeout
        self.init(transport: transport, limits: limits, gate: gate, clock: clock)
    }

    /// The per-request deadline.
    public var timeout: Duration { limits.deadline }

    /// The same client (transport, holds, clock) for one entry: its deadline and what it
    /// adds to each request.
    func with(deadline: Duration, defaults: RequestDefaults = RequestDefaults()) -> HTTPClient {
        var limits = limits
        limits.deadline = deadline
        return HTTPClient(
            transport: transport, limits: limits, gate: gate, clock: clock, defaults: defaults, sentSecrets: sentSecrets
        )
    }

    /// The same client, telling `observer` of each request before it is sent: how a live
    /// view learns which rate-limit keys one source's requests used.
    public func observing(_ observer: @escaping @Sendable (HTTPRequest) -> Void) -> HTTPClient {
        HTTPClient(
            transport: ObservedTransport(base: transport, observer: observer), limits: limits, gate: gate, clock: clock,
            defaults: defaults, sentSecrets: sentSecrets)
    }

    /// Sends the request and returns the response whatever its status; throws
    /// `TributaryError` when there is no response (connection, timeout, caps) or when
    /// upstream's hold on the request's rate-limit key lasts longer than the deadline.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await waitForHold(on: request)
        var request = request
        defaults.apply(to: &request)
        sentSecrets.remember(request.secrets)
        request.echoedSecrets = sentSecrets.all
        var response = try await transport.perform(request, limits: limits)
        response.receivedAt = clock.now()
        return response
    }

    /// Tells the client that requests under `key` must wait until `date`.
    public func hold(_ key: String, until date: Date) async {
        await gate.hold(key, until: date)
    }

    private func waitForHold(on request: HTTPRequest) async throws {
        let key = request.rateLimitKey ?? request.hostKey
        let now = clock.now()
        guard let until = await gate.heldUntil(key, now: now) else { return }
        let wait = until.timeIntervalSince(now)
        guard wait <= timeout.seconds else {
            throw TributaryError(
                .rateLimited, "rate limited until \(ClockTime.format(until, now: now))", retryAfter: until)
        }
        try await clock.sleep(for: .milliseconds(Int64(wait * 1000)))
    }
}
