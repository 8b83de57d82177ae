import Foundation

/// Formats times and durations for status lines.
public enum ClockTime {
    /// `14:05 UTC` for today, `2026-11-23 14:05 UTC` otherwise. Cut from the ISO 8601
    /// form by arithmetic: a `DateFormatter` and a `Calendar` load ICU's locale and zone
    /// data, a fixed cost every text digest paid in its status line.
    public static func format(_ date: Date, now: Date) -> String {
        let stamp = ISO8601Date.format(date)  // 2026-11-23T14:05:09Z
        let day = stamp.prefix(while: { $0 != "T" })
        let time = stamp.dropFirst(day.count + 1).prefix(5) + " UTC"
        let sameDay = abs(date.timeIntervalSince(now)) < 86_400 && ISO8601Date.format(now).hasPrefix(day + "T")
        return sameDay ? String(time) : day + " " + time
    }

    /// Whole seconds when whole, else one decimal: `10`, `0.5`.
    public static func seconds(_ duration: Duration) -> String {
        let value = duration.seconds
        return value.rounded() == value ? String(Int(value)) : String(format: "%.1f", value)
    }
}
