import Foundation
import Tributary

/// A transport that notes the rate-limit keys of the requests one source makes on their
/// way through, so the live view can find the holds (`Retry-After`, `backoff`) upstream
/// put on that source, and wait for them before its next refresh.
final class RequestKeys: HTTPTransport {
    private let base: any HTTPTransport
    private let keys = Locked<Set<String>>([])

    init(through base: any HTTPTransport) {
        self.base = base
    }

    func perform(_ request: HTTPRequest, limits: TransferLimits) async throws -> HTTPResponse {
        _ = keys.withLock { $0.insert(request.rateLimitKey ?? request.hostKey) }
        return try await base.perform(request, limits: limits)
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
