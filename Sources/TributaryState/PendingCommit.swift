import Foundation

/// A write transaction of the store's still under way on its writer thread: `wait()`
/// returns once it has committed, and throws the store's error when it has failed (and
/// rolled back).
public final class PendingCommit: Sendable {
    private let outcome = OneShot<Void>()
    private let path: URL

    init(path: URL) {
        self.path = path
    }

    /// Returns once the transaction has committed; throws a `TributaryError` naming the
    /// store when it failed.
    public func wait() throws {
        do {
            try outcome.wait().get()
        } catch {
            throw StateStoreError.describe(error, path: path)
        }
    }

    /// Whether the transaction has ended, committed or failed: `wait()` would return at once.
    public var hasEnded: Bool { outcome.isFulfilled }

    func end(_ result: Result<Void, any Error>) {
        outcome.fulfil(result)
    }
}

/// A value that one thread hands to another once: `wait()` blocks until `fulfil` is
/// called, and a later `fulfil` is ignored.
final class OneShot<Value: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var result: Result<Value, any Error>?

    func fulfil(_ value: Result<Value, any Error>) {
        condition.withLock {
            guard result == nil else { return }
            result = value
            condition.broadcast()
        }
    }

    /// Whether `fulfil` has been called.
    var isFulfilled: Bool { condition.withLock { result != nil } }

    func wait() -> Result<Value, any Error> {
        condition.withLock {
            while result == nil { condition.wait() }
            return result!
        }
    }
}
