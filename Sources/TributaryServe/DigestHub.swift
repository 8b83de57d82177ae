import Foundation
import NIOCore
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
    /// Server-Sent Events: `digest` (the `/api/digest` document on one line) now and on
    /// every change, and `refresh` (`{"running": …}`) on each change of the refresh
    /// commands' state; each rendered once for every stream.
    let events = EventFanout()

    init(live: LivePipeline) {
        self.live = live
        latest = LiveValue(live.currentDigest)
        refreshAll = Command { try await live.refreshAll() }
        refreshOne = Command { id in try await live.refresh(id) }
    }

    /// Keeps `latest` current and the event streams fed until cancelled.
    func run() async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { for try await digest in self.live.digests { self.latest.set(digest) } }
            group.addTask {
                for try await digest in self.latest.signal {
                    self.events.publish("digest", Self.event("digest", DigestJSON.line(of: digest.digest)))
                }
            }
            group.addTask {
                let running = Signal<Bool>.combineLatest([self.refreshAll.isExecuting, self.refreshOne.isExecuting]) {
                    $0.contains(true)
                }
                for try await isRunning in running {
                    self.events.publish("refresh", Self.event("refresh", #"{"running": \#(isRunning)}"#))
                }
            }
            _ = try await group.next()
            group.cancelAll()
        }
    }

    /// True while either refresh command runs.
    var isRefreshing: Bool { refreshAll.isRunning || refreshOne.isRunning }

    private static func event(_ name: String, _ data: String) -> ByteBuffer {
        ByteBuffer(string: "event: \(name)\ndata: \(data)\n\n")
    }
}
