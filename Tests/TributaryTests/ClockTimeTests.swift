import Foundation
import Testing
import Tributary

/// Status lines' times, computed without ICU, against what a `DateFormatter` writes.
@Suite struct ClockTimeTests {
    /// The formatting `ClockTime.format` used before: en_US_POSIX, UTC, Gregorian.
    static func reference(_ date: Date, now: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        let calendar = Calendar(identifier: .gregorian)
        let sameDay =
            calendar.dateComponents(in: formatter.timeZone, from: date).day
            == calendar.dateComponents(in: formatter.timeZone, from: now).day
            && abs(date.timeIntervalSince(now)) < 86_400
        formatter.dateFormat = sameDay ? "HH:mm 'UTC'" : "yyyy-MM-dd HH:mm 'UTC'"
        return formatter.string(from: date)
    }

    @Test func todayIsTheTimeOtherDaysTheDateAndTime() {
        let now = Date(timeIntervalSince1970: 1_795_300_000)  // 2026-11-21T22:26:40Z
        #expect(ClockTime.format(now.addingTimeInterval(-3_600), now: now) == "21:26 UTC")
        #expect(ClockTime.format(now.addingTimeInterval(-86_400), now: now) == "2026-11-20 22:26 UTC")
        #expect(ClockTime.format(now.addingTimeInterval(15_000), now: now) == "2026-11-22 02:36 UTC")
        #expect(ClockTime.format(now, now: .distantPast) == "2026-11-21 22:26 UTC")
    }

    @Test func matchesTheDateFormatterItReplaces() {
        let now = Date(timeIntervalSince1970: 1_795_300_000)
        var offset = -40 * 86_400.0
        while offset < 40 * 86_400 {
            let date = now.addingTimeInterval(offset)
            #expect(ClockTime.format(date, now: now) == Self.reference(date, now: now), "offset \(offset)")
            offset += 3_599.5
        }
        for seconds in [0.0, 59.9, 951_782_400, 4_102_444_799] {  // 1970, 2000-02-29, 2099-12-31
            let date = Date(timeIntervalSince1970: seconds)
            #expect(ClockTime.format(date, now: now) == Self.reference(date, now: now))
        }
    }
}
