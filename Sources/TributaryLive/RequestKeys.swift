import Foundation
import Tributary

/// The rate-limit keys of the requests one source made (noted through
/// `HTTPClient.observing`), so the live view can find the holds (`Retry-After`,
/// `backoff`) upstream put on that source, and wait for them before its next refresh.
final class RequestKeys: Sendable {
    private let keys = Locked<Set<String>>([])

    /// Notes the key `request` is held under.
    func note(_ request: HTTPRequest) {
        _ = keys.withLock { $0.insert(request.rateLimitKey ?? request.hostKey) }
    }

    /// The latest time any key this source used is held until, if later than `now`.
    func heldUntil(in gate: RateGate, now: Date) async -> Date? {
        var latest: Date?
        for key in keys.withLock({ $0 }) {
            if let until = await gate.heldUntil(key, now: now) { latest = max(latest ?? until, until) }
        }
        return latest
    }
}
