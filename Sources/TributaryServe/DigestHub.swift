import Foundation
import Tributary
import TributaryLive

/// The server's one subscription to the live pipeline: the latest digest for every page
/// and API request, the refresh commands, and the events each SSE stream sends.
final class DigestHub: Sendable {
    let live: LivePipeline
    let latest: LiveValue<LiveDigest>
    /// Refreshes every source; refused while it, or `refreshOne`, runs.
    let refreshAll: Command<Void, Void>
    /// Refreshes the source with the given id.
    let refreshOne: Command<String, Void>

    init(live: LivePipeline) {
        self.live = live
        latest = LiveValue(live.currentDigest)
        refreshAll = Command { try await live.refreshAll() }
        refreshOne = Command { id in try await live.refresh(id) }
    }

    /// Keeps `latest` current until cancelled.
    func run() async throws {
        for try await digest in live.digests { latest.set(digest) }
    }

    /// True while either refresh command runs.
    var isRefreshing: Bool { refreshAll.isRunning || refreshOne.isRunning }

    /// Server-Sent Events: the digest now and on every change (`event: digest`), and each
    /// change of the refresh commands' state (`event: refresh`).
    var events: Signal<String> {
        let digests = latest.signal.map { Self.event("digest", DigestJSON.line(of: $0.digest)) }
        let running = Signal<Bool>.combineLatest([refreshAll.isExecuting, refreshOne.isExecuting]) { $0.contains(true) }
        let refreshes = running.map { Self.event("refresh", #"{"running": \#($0)}"#) }
        return Signal.merge([digests, refreshes])
    }

    private static func event(_ name: String, _ data: String) -> String {
        "event: \(name)\ndata: \(data)\n\n"
    }
}
