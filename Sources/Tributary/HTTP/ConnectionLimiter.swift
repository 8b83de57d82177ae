/// Bounds how many requests are in flight at once: over all hosts, and per host.
actor ConnectionLimiter {
    private let maxTotal: Int
    private let maxPerHost: Int
    private var total = 0
    private var perHost: [String: Int] = [:]
    private var waiters: [(host: String, continuation: CheckedContinuation<Void, Never>)] = []

    init(maxTotal: Int, maxPerHost: Int) {
        self.maxTotal = maxTotal
        self.maxPerHost = maxPerHost
    }

    /// Runs `operation` once a slot for `host` is free.
    nonisolated func withSlot<T: Sendable>(for host: String, _ operation: @Sendable () async throws -> T) async throws -> T {
        await acquire(host)
        defer { Task { await self.release(host) } }
        try Task.checkCancellation()
        return try await operation()
    }

    private func acquire(_ host: String) async {
        if canStart(host) {
            start(host)
            return
        }
        await withCheckedContinuation { waiters.append((host, $0)) }
    }

    private func release(_ host: String) {
        total -= 1
        perHost[host, default: 1] -= 1
        guard let next = waiters.firstIndex(where: { canStart($0.host) }) else { return }
        let waiter = waiters.remove(at: next)
        start(waiter.host)
        waiter.continuation.resume()
    }

    private func canStart(_ host: String) -> Bool {
        total < maxTotal && perHost[host, default: 0] < maxPerHost
    }

    private func start(_ host: String) {
        total += 1
        perHost[host, default: 0] += 1
    }
}
