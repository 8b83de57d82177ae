/// Exchanges waiting for a connection slot, first come first served within each host,
/// and the slots in use: at most `maxTotal` transfers at once, `maxPerHost` to one host.
/// Not thread-safe: the engine guards it with its lock.
struct HostQueues {
    let maxTotal: Int
    let maxPerHost: Int
    private var waiting: [String: [CurlExchange]] = [:]
    /// Hosts in the order their first waiting exchange arrived, for fairness between hosts.
    private var hostOrder: [String] = []
    private var activePerHost: [String: Int] = [:]
    private(set) var activeCount = 0
    private(set) var waitingCount = 0

    init(maxTotal: Int, maxPerHost: Int) {
        self.maxTotal = maxTotal
        self.maxPerHost = maxPerHost
    }

    mutating func enqueue(_ exchange: CurlExchange) {
        if waiting[exchange.hostKey, default: []].isEmpty { hostOrder.append(exchange.hostKey) }
        waiting[exchange.hostKey, default: []].append(exchange)
        waitingCount += 1
    }

    /// Takes the exchanges that may start now and counts them as active.
    mutating func startable() -> [CurlExchange] {
        var started: [CurlExchange] = []
        var index = 0
        while activeCount < maxTotal, index < hostOrder.count {
            let host = hostOrder[index]
            // Taken out of the dictionary, so removing its head does not copy it.
            guard activePerHost[host, default: 0] < maxPerHost, var queue = waiting.removeValue(forKey: host) else {
                index += 1
                continue
            }
            let free = min(maxPerHost - activePerHost[host, default: 0], maxTotal - activeCount, queue.count)
            started += queue.prefix(free)
            queue.removeFirst(free)
            if queue.isEmpty {
                hostOrder.remove(at: index)
            } else {
                waiting[host] = queue
                index += 1
            }
            activePerHost[host, default: 0] += free
            activeCount += free
            waitingCount -= free
        }
        return started
    }

    /// Frees the slot of an exchange that was active.
    mutating func finished(_ exchange: CurlExchange) {
        activePerHost[exchange.hostKey, default: 1] -= 1
        activeCount -= 1
    }

    /// Removes and returns the waiting exchanges whose caller cancelled them.
    mutating func removeCancelled() -> [CurlExchange] {
        var cancelled: [CurlExchange] = []
        for (host, queue) in waiting {
            let (gone, kept) = (queue.filter(\.cancelRequested), queue.filter { !$0.cancelRequested })
            guard !gone.isEmpty else { continue }
            cancelled += gone
            waiting[host] = kept.isEmpty ? nil : kept
            if kept.isEmpty { hostOrder.removeAll { $0 == host } }
        }
        waitingCount -= cancelled.count
        return cancelled
    }
}
