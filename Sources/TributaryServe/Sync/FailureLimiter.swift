import Foundation
import TributaryLive

/// Counts failed sign-ins per client address: after `maxFailures` within `window`, the
/// address is refused (429) for `window`, whatever it sends. Time comes from `now`, so
/// tests move it by hand.
final class FailureLimiter: Sendable {
    static let maxFailures = 10
    static let window: TimeInterval = 60

    private let now: @Sendable () -> Date
    /// Per address: the times of its recent failures, and until when it is refused.
    private let failures = Locked<[String: (times: [Date], blockedUntil: Date?)]>([:])

    init(now: @escaping @Sendable () -> Date = Date.init) {
        self.now = now
    }

    /// Until when `address` is refused, when it is.
    func blockedUntil(_ address: String) -> Date? {
        let now = now()
        return failures.withLock { failures in
            guard let until = failures[address]?.blockedUntil else { return nil }
            if until > now { return until }
            failures[address] = nil
            return nil
        }
    }

    /// Records a failed sign-in from `address`.
    func recordFailure(_ address: String) {
        let now = now()
        failures.withLock { failures in
            var record = failures[address] ?? ([], nil)
            record.times = record.times.filter { now.timeIntervalSince($0) < Self.window } + [now]
            if record.times.count >= Self.maxFailures {
                record = ([], now.addingTimeInterval(Self.window))
            }
            failures[address] = record
            // Addresses whose failures have all aged out are forgotten, so the table stays small.
            if failures.count > 10_000 {
                failures = failures.filter { entry in
                    entry.value.blockedUntil.map { $0 > now }
                        ?? entry.value.times.contains { now.timeIntervalSince($0) < Self.window }
                }
            }
        }
    }
}
