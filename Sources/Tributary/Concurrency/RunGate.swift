/// Lets at most `limit` holders in at once; the rest wait their turn, first come first
/// served. The host runs sources through one, so a config of 100,000 sources does not
/// hold 100,000 sources' requests, files, processes and buffers at the same moment.
public actor RunGate {
    /// The most holders inside at once.
    public let limit: Int
    private var inside = 0
    /// Waiting holders by ticket; `queue[head...]` holds their tickets in arrival order
    /// (a ticket whose holder was cancelled is skipped), so both ends cost O(1).
    private var waiting: [Int: CheckedContinuation<Void, any Error>] = [:]
    private var queue: [Int] = []
    private var head = 0
    private var nextTicket = 0

    public init(limit: Int) {
        precondition(limit > 0, "a gate must let someone in")
        self.limit = limit
    }

    /// Runs `work` once a place is free; a task cancelled while it waits throws `CancellationError`.
    public func run<Result: Sendable>(_ work: @Sendable () async throws -> Result) async throws -> Result {
        try await enter()
        defer { leave() }
        return try await work()
    }

    private func enter() async throws {
        guard inside >= limit else {
            inside += 1
            return
        }
        let ticket = nextTicket
        nextTicket += 1
        queue.append(ticket)
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { waiting[ticket] = $0 }
        } onCancel: {
            Task { await self.cancelWaiting(ticket) }
        }
    }

    private func leave() {
        defer {
            if head == queue.count {
                queue.removeAll(keepingCapacity: true)
                head = 0
            }
        }
        while head < queue.count {
            let ticket = queue[head]
            head += 1
            if let next = waiting.removeValue(forKey: ticket) {
                next.resume()  // the place passes straight to the next holder
                return
            }
        }
        inside -= 1
    }

    private func cancelWaiting(_ ticket: Int) {
        waiting.removeValue(forKey: ticket)?.resume(throwing: CancellationError())
    }
}
