/// A cold, cancellable stream of values, after ReactiveCocoa's `RACSignal`.
///
/// Nothing happens until a subscriber iterates the signal; each subscription runs the
/// producer afresh in its own task, and cancelling the subscriber (or dropping its
/// iterator) cancels that task, and with it every request the producer has in flight.
/// A signal completes when the producer returns and fails when it throws.
public struct Signal<Element: Sendable>: AsyncSequence, Sendable {
    public typealias Failure = any Error
    public typealias AsyncIterator = AsyncThrowingStream<Element, any Error>.Iterator

    private let subscribe: @Sendable () -> AsyncThrowingStream<Element, any Error>

    /// Creates a signal whose `producer` runs once per subscription and sends values to it.
    public init(_ producer: @escaping @Sendable (Subscriber<Element>) async throws -> Void) {
        subscribe = {
            let (stream, continuation) = AsyncThrowingStream<Element, any Error>.makeStream()
            let task = Task {
                do {
                    try await producer(Subscriber(continuation: continuation))
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
            return stream
        }
    }

    /// Wraps any sendable async sequence, for example one from swift-async-algorithms.
    public init<Base: AsyncSequence & Sendable>(_ base: Base) where Base.Element == Element {
        self.init { subscriber in
            for try await value in base { subscriber.send(value) }
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        subscribe().makeAsyncIterator()
    }
}

/// The receiving end a signal's producer sends its values to.
public struct Subscriber<Element: Sendable>: Sendable {
    private let deliver: @Sendable (Element) -> Void

    fileprivate init(continuation: AsyncThrowingStream<Element, any Error>.Continuation) {
        deliver = { continuation.yield($0) }
    }

    /// A subscriber that hands each value to `deliver`: a producer can pass its own
    /// subscriber on through one that also observes the values on their way.
    public init(_ deliver: @escaping @Sendable (Element) -> Void) {
        self.deliver = deliver
    }

    /// Delivers one value to the subscriber.
    public func send(_ value: Element) {
        deliver(value)
    }
}

extension Signal {
    /// A signal that sends the result of one asynchronous operation, then completes.
    public static func once(_ operation: @escaping @Sendable () async throws -> Element) -> Signal {
        Signal { subscriber in subscriber.send(try await operation()) }
    }

    /// A signal that sends the given values in order, then completes.
    public static func values(_ values: [Element]) -> Signal {
        Signal { subscriber in values.forEach(subscriber.send) }
    }

    /// A signal that fails at once with `error`.
    public static func failure(_ error: any Error) -> Signal {
        Signal { _ in throw error }
    }

    /// Collects every value until the signal completes.
    public func collect() async throws -> [Element] {
        var values: [Element] = []
        for try await value in self { values.append(value) }
        return values
    }
}
