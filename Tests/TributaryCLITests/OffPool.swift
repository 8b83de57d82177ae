import Dispatch

/// Runs blocking work (a child process, a wait) on a Dispatch thread, not on Swift
/// concurrency's small cooperative pool, which the tests' local HTTP servers need.
func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
    }
}
