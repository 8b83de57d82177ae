import Foundation

/// Formats times and durations for status lines.
public enum ClockTime {
    /// `14:05 UTC` for today, `2026-11-23 14:05 UTC` otherwise.
    public static func format(_ date: Date, now: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        let sameDay =
            Calendar(identifier: .gregorian).dateComponents(in: formatter.timeZone, from: date).day
            == Calendar(identifier: .gregorian).dateComponents(in: formatter.timeZone, from: now).day
            && abs(date.timeIntervalSince(now)) < 86_400
        formatter.dateFormat = sameDay ? "HH:mm 'UTC'" : "yyyy-MM-dd HH:mm 'UTC'"
        return formatter.string(from: date)
    }

    /// Whole seconds when whole, else one decimal: `10`, `0.5`.
    public static func seconds(_ duration: Duration) -> String {
        let value = duration.seconds
        return value.rounded() == value ? String(Int(value)) : String(format: "%.1f", value)
    }
}
