import Foundation
import Tributary

/// "5 min ago", "3 h ago", "2 d ago", or a date for anything older than a month.
enum RelativeTime {
    static func describe(_ date: Date, now: Date) -> String {
        let seconds = now.timeIntervalSince(date)
        switch seconds {
        case ..<(-60): return "in the future"
        case ..<60: return "just now"
        case ..<3_600: return "\(Int(seconds / 60)) min ago"
        case ..<86_400: return "\(Int(seconds / 3_600)) h ago"
        case ..<(30 * 86_400): return "\(Int(seconds / 86_400)) d ago"
        default: return String(ISO8601Date.format(date).prefix(10))  // the day, in UTC
        }
    }
}
