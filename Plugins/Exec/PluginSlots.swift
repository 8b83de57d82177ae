#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation
import Tributary

/// How many plugins may run at once, and a first-come queue for the others.
///
/// A starting plugin holds `descriptorsPerPlugin` file descriptors (both ends of its
/// standard input, output and error pipes and of the pipe its supervisor reports an
/// exec failure on). Plugins may use the open-file limit less a reserve for everything
/// else (half the limit, at least 32), and no more than 4 per core (at least 8) run at
/// once. One instance serves the whole process, because the descriptor limit is the
/// process's: `shared`, sized on first use (after any change of the limit at start).
///
/// The lock is an `NSLock`, as in `ProcessControl`, so ThreadSanitizer can see it.
final class PluginSlots: @unchecked Sendable {
    static let shared = PluginSlots(limit: defaultLimit())
    static let descriptorsPerPlugin = 8

    /// The most plugins that run at once.
    let limit: Int
    private let lock = NSLock()
    private var running = 0
    private var waiting: [(id: Int, turn: CheckedContinuation<Void, any Error>)] = []
    private var lastID = 0

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// The limit for `openFiles` descriptors and `cores` processors.
    static func defaultLimit(
        openFiles: Int = openFileLimit(), cores: Int = ProcessInfo.processInfo.activeProcessorCount
    ) -> Int {
        let reserve = max(32, openFiles / 2)
        return max(1, min(max(8, 4 * cores), (openFiles - reserve) / descriptorsPerPlugin))
    }

    /// The soft `RLIMIT_NOFILE`.
    static func openFileLimit() -> Int {
        var limit = rlimit()
        guard unsafe getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1024 }
        return Int(clamping: limit.rlim_cur)
    }

    /// Waits for a free slot, first come first served; throws `cancelled` if the task is
    /// cancelled meanwhile. Each successful call is paired with one `release()`.
    func acquire(for program: String) async throws {
        let id = lock.withLock {
            lastID += 1
            return lastID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (turn: CheckedContinuation<Void, any Error>) in
                lock.withLock {
                    if Task.isCancelled {
                        turn.resume(throwing: Self.cancelled(program))
                    } else if running < limit {
                        running += 1
                        turn.resume()
                    } else {
                        waiting.append((id, turn))
                    }
                }
            }
        } onCancel: {
            lock.withLock {
                guard let index = waiting.firstIndex(where: { $0.id == id }) else { return }
                waiting.remove(at: index).turn.resume(throwing: Self.cancelled(program))
            }
        }
    }

    /// Frees a slot, handing it to the longest waiting plugin.
    func release() {
        lock.withLock {
            if waiting.isEmpty {
                running -= 1
            } else {
                waiting.removeFirst().turn.resume()
            }
        }
    }

    private static func cancelled(_ program: String) -> TributaryError {
        TributaryError(.cancelled, "\(program) was not started: the run was cancelled")
    }
}
