import Foundation

/// Runs blocking work (a child process, a wait) on a thread of its own, so that Swift
/// concurrency's small pool, which the tests' local HTTP servers answer on, keeps running.
/// Not on `DispatchQueue.global()`: on Linux that queue's threads are the pool's own, so
/// tests run in parallel filled them with waits, and every local server stopped answering.
func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try work() }) }
        thread.name = "tributary-tests-blocking"
        thread.start()
    }
}
