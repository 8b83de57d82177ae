import Foundation

/// When the host subscribes to a failed source again: only transient failures, with
/// exponential backoff and jitter, honouring upstream's "retry after", within the
/// source's deadline.
public struct RetryPolicy: Sendable {
    var maxAttempts: Int
    var backoff: Backoff

    public init(maxAttempts: Int = 3, backoff: Backoff = Backoff()) {
        self.maxAttempts = maxAttempts
        self.backoff = backoff
    }

    /// How long to wait before retry number `attempt`, or nil to give up now.
    /// `remaining` is what is left of the source's deadline.
    public func delay(after error: any Error, attempt: Int, remaining: TimeInterval, now: Date) -> Duration? {
        guard let error = error as? TributaryError, error.isTransient, error.code != .timeout else { return nil }
        let wait =
            error.retryAfter.map { max(0, $0.timeIntervalSince(now)) } ?? backoff.delay(forAttempt: attempt).seconds
        return wait < remaining ? .milliseconds(Int64(wait * 1000)) : nil
    }
}
