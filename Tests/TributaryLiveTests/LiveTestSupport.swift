import Foundation
import Tributary
import TributaryLive
import TributaryTesting
import TributaryNetwork

/// One item per line of a text body, the line its title: small enough to follow in timing tests.
enum LiveLines: LineItems {
    static let type = "lines"

    static func item(_ line: String, in feed: String) -> FeedItem {
        FeedItem(id: line, source: "", sourceType: type, kind: .post, title: line)
    }
}

/// A digest pipeline over `sources` (feeds.json entries, `BASE` standing for the
/// server's address) on `clock`, with feeds.json's `timeout` when given (its JSON value).
func livePipeline(_ sources: String, server: LocalHTTPServer, clock: ManualClock, timeout: String? = nil) throws
    -> LivePipeline
{
    let registry = SourceRegistry([SourceType(LinesSource<LiveLines>.self)])
    let entries = sources.replacingOccurrences(of: "BASE", with: server.baseURL.absoluteString)
    let top = timeout.map { "\"timeout\": \($0), " } ?? ""
    let json = #"{\#(top)"sources": [\#(entries)]}"#
    let config = try ConfigLoader(registry: registry, environment: [:]).load(Data(json.utf8))
    let http = HTTPClient(transport: CurlTransport(userAgent: "test"), timeout: config.timeout, clock: clock.runClock)
    var live = try LivePipeline(
        DigestPipeline(
            config: config, registry: registry, http: http, reducer: DigestReducer(config: config),
            retry: RetryPolicy(maxAttempts: 1)))
    live.renderInterval = .zero  // the settling is tested on its own
    return live
}

/// What a subscription to a live pipeline has received so far.
actor Received<Value: Sendable> {
    private(set) var values: [Value] = []

    func append(_ value: Value) { values.append(value) }

    /// Waits (by yielding: `yieldUntil`) for a value that passes `test`; nil if none came.
    func first(where test: @Sendable (Value) -> Bool) async -> Value? {
        await yieldUntil { values.contains(where: test) }
        return values.first(where: test)
    }
}

extension Received {
    /// Subscribes to `signal` until the returned task is cancelled.
    static func collecting(_ signal: Signal<Value>) -> (Received, Task<Void, any Error>) {
        let received = Received()
        let task = Task { for try await value in signal { await received.append(value) } }
        return (received, task)
    }
}

extension LiveDigest {
    /// Each source's id and state, as `a=ok`.
    var states: [String] { digest.sources.map { "\($0.id)=\($0.state.rawValue)" } }
}
