import Foundation
import Tributary

/// "5 min ago", "3 h ago", "2 d ago", or a date for anything older than a month.
enum RelativeTime {
    /// The age of `date` at `now`; from `datedAfter` on, `day(date)` instead (by default
    /// the day in UTC).
    static func describe(
        _ date: Date, now: Date, datedAfter: TimeInterval = 30 * 86_400,
        day: (Date) -> String = { String(ISO8601Date.format($0).prefix(10)) }
    ) -> String {
        let seconds = now.timeIntervalSince(date)
        if seconds >= datedAfter { return day(date) }
        switch seconds {
        case ..<(-60): return "in the future"
        case ..<60: return "just now"
        case ..<3_600: return "\(Int(seconds / 60)) min ago"
        case ..<86_400: return "\(Int(seconds / 3_600)) h ago"
        default: return "\(Int(seconds / 86_400)) d ago"
        }
    }
}
