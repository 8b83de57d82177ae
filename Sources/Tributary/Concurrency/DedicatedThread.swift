import Foundation

/// Blocking work (parsing a document, waiting on a semaphore, reading a slow file) run
/// on a thread of its own, its result handed over asynchronously: Swift concurrency's
/// cooperative threads are as many as the cores, and one blocked there stalls every
/// task queued behind it (the HTTP client, the signals, the other sources).
public enum DedicatedThread {
    /// Stack size of the threads: libxml2 recurses as elements nest.
    static let stackSize = 8 << 20

    /// Runs `work` on a new thread named `name` and returns its result (or error).
    /// Starting a thread costs nothing beside a parse (`docs/design/performance.md`).
    public static func run<Result: Sendable>(
        _ name: String, _ work: @escaping @Sendable () throws -> Result
    ) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread { continuation.resume(with: Swift.Result { try work() }) }
            thread.name = name
            thread.stackSize = stackSize
            thread.start()
        }
    }
}
