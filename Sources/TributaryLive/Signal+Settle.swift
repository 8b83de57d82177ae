import Tributary

extension Signal {
    /// Waits `interval` after a value and then sends the latest value seen meanwhile, so
    /// a burst of values (sources answering together) comes out once, and the last of a
    /// burst is never lost. At most one value per `interval`; completes with the upstream.
    ///
    /// Unlike `throttle`, which holds a burst's last value until another one arrives, it
    /// waits on `clock` itself: a manual clock drives it in tests.
    public func settled(for interval: Duration, clock: RunClock) -> Signal {
        Signal { subscriber in
            let latest = Locked<Element?>(nil)
            let (wakes, wake) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    defer { wake.finish() }
                    for try await value in self {
                        latest.withLock { $0 = value }
                        wake.yield()
                    }
                }
                group.addTask {
                    for await _ in wakes where latest.withLock({ $0 != nil }) {
                        try await clock.sleep(for: interval)
                        if let value = latest.withLock({ $0.take() }) { subscriber.send(value) }
                    }
                }
                try await group.waitForAll()
            }
        }
    }
}
