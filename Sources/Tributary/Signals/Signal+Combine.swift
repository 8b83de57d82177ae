extension Signal {
    /// Subscribes to every signal at once and sends each value as it arrives, from
    /// whichever signal sent it. Completes when all have completed; fails, cancelling
    /// the rest, as soon as one fails.
    public static func merge(_ signals: [Signal]) -> Signal {
        Signal { subscriber in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for signal in signals {
                    group.addTask {
                        for try await value in signal { subscriber.send(value) }
                    }
                }
                try await group.waitForAll()
            }
        }
    }

    /// Subscribes to every signal at once and, whenever any of them sends a value after
    /// each has sent at least one, sends `reduce` of the latest value of every signal
    /// (in the order given). Completes when all have completed; fails when one fails.
    ///
    /// Unlike swift-async-algorithms' `combineLatest`, it takes any number of signals.
    public static func combineLatest<Value: Sendable>(
        _ signals: [Signal<Value>], reduce: @escaping @Sendable ([Value]) -> Element
    ) -> Signal {
        guard !signals.isEmpty else { return Signal.values([reduce([])]) }
        return Signal { subscriber in
            let updates = Signal<(Int, Value)> { tagged in
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for (index, signal) in signals.enumerated() {
                        group.addTask {
                            for try await value in signal { tagged.send((index, value)) }
                        }
                    }
                    try await group.waitForAll()
                }
            }
            var first = [Value?](repeating: nil, count: signals.count)
            var missing = signals.count
            // Once every signal has sent, the latest values live in a plain array that is
            // updated in place and lent to `reduce`: no copy of all values per update.
            var latest: [Value] = []
            for try await (index, value) in updates {
                if missing > 0 {
                    if first[index] == nil { missing -= 1 }
                    first[index] = value
                    guard missing == 0 else { continue }
                    latest = first.map { $0! }
                    first = []
                } else {
                    latest[index] = value
                }
                subscriber.send(reduce(latest))
            }
        }
    }
}
