import Foundation
import Tributary

/// A value that changes over time and can be watched, after ReactiveSwift's `MutableProperty`:
/// `signal` sends the current value at once, then every later one, until the subscriber leaves.
public final class LiveValue<Value: Sendable>: Sendable {
    private let state: Locked<(value: Value, watchers: [UUID: AsyncStream<Value>.Continuation])>

    public init(_ value: Value) {
        state = Locked((value, [:]))
    }

    /// The current value.
    public var value: Value { state.withLock { $0.value } }

    /// Replaces the value and sends it to every watcher.
    public func set(_ value: Value) {
        state.withLock { state in
            state.value = value
            for watcher in state.watchers.values { watcher.yield(value) }
        }
    }

    /// Changes the value in place under the lock, then sends it to every watcher.
    public func update(_ change: (inout Value) -> Void) {
        state.withLock { state in
            change(&state.value)
            for watcher in state.watchers.values { watcher.yield(state.value) }
        }
    }

    /// The current value, then each new one; never completes on its own.
    public var signal: Signal<Value> {
        let state = state
        return Signal { subscriber in
            let (stream, continuation) = AsyncStream<Value>.makeStream(bufferingPolicy: .bufferingNewest(64))
            let id = UUID()
            state.withLock { state in
                continuation.yield(state.value)
                state.watchers[id] = continuation
            }
            defer { _ = state.withLock { $0.watchers.removeValue(forKey: id) } }
            for await value in stream { subscriber.send(value) }
            try Task.checkCancellation()
        }
    }
}
