import Foundation

/// A value guarded by an `NSLock`. Not `Synchronization.Mutex`: on Linux that one locks
/// with raw futexes, which ThreadSanitizer cannot see (see `ProcessControl` in Plugins/Exec).
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    /// Under `lock`.
    private var value: Value

    /// Guards `value`.
    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` on the value, under the lock.
    public func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        try lock.withLock { try body(&value) }
    }
}
