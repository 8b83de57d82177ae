import Foundation
import Tributary

/// RSS 2.0's dates: RFC 822 with a four-digit year, in UTC (`Sun, 22 Nov 2026 06:00:00 +0000`).
enum RFC822Date {
    private static let days = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func format(_ date: Date) -> String {
        // ISO8601Date already does the calendar arithmetic: 2026-11-22T06:00:00Z.
        let iso = Array(ISO8601Date.format(date).utf8)
        func part(_ range: Range<Int>) -> String { String(decoding: iso[range], as: UTF8.self) }
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let daysSinceEpoch = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let weekday = days[((daysSinceEpoch % 7) + 7) % 7]
        let month = months[Int(part(5..<7))! - 1]
        return "\(weekday), \(part(8..<10)) \(month) \(part(0..<4)) \(part(11..<19)) +0000"
    }
}
