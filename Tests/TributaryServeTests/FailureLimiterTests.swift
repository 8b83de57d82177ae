import Foundation
import Testing
import Tributary
import TributaryLive

@testable import TributaryServe

/// Failed sign-ins to the sync APIs, counted on a clock the test moves by hand.
@Suite struct FailureLimiterTests {
    final class HandClock: Sendable {
        private let time = Locked(Date(timeIntervalSince1970: 1_800_000_000))
        var now: Date { time.withLock { $0 } }
        func advance(_ seconds: TimeInterval) { time.withLock { $0 += seconds } }
    }

    @Test func tenFailuresWithinAMinuteRefuseTheAddressForAMinute() {
        let clock = HandClock()
        let limiter = FailureLimiter(now: { clock.now })
        for _ in 1...9 {
            limiter.recordFailure("192.0.2.1")
            clock.advance(5)
        }
        #expect(limiter.blockedUntil("192.0.2.1") == nil, "nine failures are allowed")
        limiter.recordFailure("192.0.2.1")
        let until = limiter.blockedUntil("192.0.2.1")
        #expect(until == clock.now.addingTimeInterval(60))
        #expect(limiter.blockedUntil("192.0.2.2") == nil, "another address is not refused")
        clock.advance(59)
        #expect(limiter.blockedUntil("192.0.2.1") != nil)
        clock.advance(1)
        #expect(limiter.blockedUntil("192.0.2.1") == nil, "a minute later it may try again")
    }

    @Test func failuresOlderThanAMinuteDoNotCount() {
        let clock = HandClock()
        let limiter = FailureLimiter(now: { clock.now })
        for _ in 1...20 {
            limiter.recordFailure("192.0.2.1")
            clock.advance(7)  // at most nine failures fall within any minute
        }
        #expect(limiter.blockedUntil("192.0.2.1") == nil)
    }
}
