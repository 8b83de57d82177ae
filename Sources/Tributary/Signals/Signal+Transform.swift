extension Signal {
    /// Sends `transform(value)` for every value.
    public func map<T: Sendable>(_ transform: @escaping @Sendable (Element) async throws -> T) -> Signal<T> {
        Signal<T> { subscriber in
            for try await value in self { subscriber.send(try await transform(value)) }
        }
    }

    /// Sends only the values for which `isIncluded` is true.
    public func filter(_ isIncluded: @escaping @Sendable (Element) async throws -> Bool) -> Signal {
        Signal { subscriber in
            for try await value in self where try await isIncluded(value) { subscriber.send(value) }
        }
    }

    /// Drops the first `count` values.
    public func skip(_ count: Int) -> Signal {
        Signal(dropFirst(count))
    }

    /// For each value, subscribes to `transform(value)` and cancels the previous inner
    /// signal: only the latest inner signal's values come through.
    public func flatMapLatest<T: Sendable>(_ transform: @escaping @Sendable (Element) -> Signal<T>) -> Signal<T> {
        Signal<T>(AsyncAlgorithmsBridge.flatMapLatest(self, transform))
    }

    /// Sends a value only after `interval` has passed without a newer one.
    public func debounce<C: Clock>(for interval: C.Duration, clock: C) -> Signal {
        Signal(AsyncAlgorithmsBridge.debounce(self, interval, clock))
    }

    /// Sends at most one value per `interval`: the latest one seen in that interval.
    public func throttle<C: Clock>(for interval: C.Duration, clock: C) -> Signal {
        Signal(AsyncAlgorithmsBridge.throttle(self, interval, clock))
    }
}
