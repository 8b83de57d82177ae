/// A source adapter: one kind of upstream (an API, a feed format, an external program).
///
/// What an implementation must do:
/// - Describe itself (`type`, `summary`, `options`) so the host can list it and validate
///   feeds.json entries before building it.
/// - Build from a validated entry in `init(entry:)` with no I/O, throwing
///   `TributaryError(.invalidConfiguration)` via `entry.invalid(_:_:)` for bad
///   combinations, or `.skipped` (via `entry.requiredSecret`) for a missing secret.
/// - Return from `signal(in:)` a cold signal that, once subscribed, fetches through
///   `context.http` and sends one or more `SourceUpdate`s, each the source's whole
///   latest snapshot, then completes; or throws a `TributaryError` that says what failed.
/// - Never sleep, retry, print, or keep global state: the host owns time, retries,
///   merging and output. A source that makes one request per refresh should adopt
///   `SingleRequestSource` instead of writing a signal.
public protocol FeedSource: Sendable {
    /// The `type` value in feeds.json, for example `"stackoverflow"`.
    static var type: String { get }
    /// One line for `tributary sources`.
    static var summary: String { get }
    /// The options an entry of this type accepts besides the common ones.
    static var options: [OptionSpec] { get }

    init(entry: SourceEntry) throws

    /// The source's items as a signal of snapshots.
    func signal(in context: SourceContext) -> Signal<SourceUpdate>

    /// True for a source that enforces `context.http.timeout` itself from the moment it
    /// really starts (an external plugin first waits for a free slot): the host then
    /// puts no deadline of its own around it. False by default.
    static var enforcesOwnDeadline: Bool { get }
}

extension FeedSource {
    public static var enforcesOwnDeadline: Bool { false }
}

/// A source whose refresh is one HTTP request and a mapping of its response.
public protocol SingleRequestSource: FeedSource {
    /// The request to make; built without I/O.
    func request() throws -> HTTPRequest
    /// The request to make after `cursor` (the last run's `SourceUpdate.cursor`; nil on a
    /// first run). By default, `request()`: the source is not incremental.
    func request(after cursor: String?) throws -> HTTPRequest
    /// Maps the response (of any status) to a snapshot, or throws the error it carries.
    func update(from response: HTTPResponse) throws -> SourceUpdate
}

extension SingleRequestSource {
    public func request(after cursor: String?) throws -> HTTPRequest {
        try request()
    }

    public func signal(in context: SourceContext) -> Signal<SourceUpdate> {
        requestSignal(in: context)
    }

    /// The one request and its mapping as a signal; a source that overrides `signal(in:)`
    /// to send more (thumbnails, say) starts from this.
    public func requestSignal(in context: SourceContext) -> Signal<SourceUpdate> {
        Signal.once {
            try await exchange(try request(after: context.cursor), in: context).update
        }
    }

    /// Sends `request` and maps its response; a hold upstream asked for (`Retry-After`,
    /// Stack Exchange's `backoff`) is kept on the request's rate-limit key.
    func exchange(_ request: HTTPRequest, in context: SourceContext) async throws -> (
        response: HTTPResponse, update: SourceUpdate
    ) {
        let holdKey = request.rateLimitKey ?? request.hostKey
        do {
            let response = try await context.http.send(request)
            let update = try update(from: response)
            if let until = update.holdRequestsUntil { await context.http.hold(holdKey, until: until) }
            return (response, update)
        } catch let error as TributaryError where error.retryAfter != nil {
            await context.http.hold(holdKey, until: error.retryAfter!)
            throw error
        }
    }
}
