import Foundation

/// Remembers upstream's "do not ask again before" times (Stack Exchange `backoff`,
/// `Retry-After`, X rate-limit resets) per rate-limit key, for the length of a run.
public actor RateGate {
    private var notBefore: [String: Date] = [:]

    public init() {}

    /// Records that requests under `key` must wait until `date`.
    public func hold(_ key: String, until date: Date) {
        notBefore[key] = max(notBefore[key] ?? date, date)
    }

    /// The time requests under `key` must wait for, if it is still ahead of `now`.
    public func heldUntil(_ key: String, now: Date) -> Date? {
        notBefore[key].flatMap { $0 > now ? $0 : nil }
    }
}
