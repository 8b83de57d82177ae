import Foundation
import Tributary

/// Times in the terminal digest, in the reader's zone: an age ("5 min ago", "3 h ago",
/// "2 d ago") for the last week, the day (`2026-11-14`) before that, and the run's own
/// time as `2026-11-22 13:00 JST`. "Now" is the digest's `generatedAt`, the run clock's.
public struct TerminalTime: Sendable {
    public let timeZone: TimeZone

    /// Times shown in `timeZone`.
    public init(timeZone: TimeZone) {
        self.timeZone = timeZone
    }

    /// The zone a user expects: `TZ` when it names a zone, else the system's.
    public static func localZone(environment: [String: String]) -> TimeZone {
        environment["TZ"].flatMap { TimeZone(identifier: $0.hasPrefix(":") ? String($0.dropFirst()) : $0) }
            ?? TimeZone.current
    }

    /// How long before `now` the item was published, or its day when over a week ago.
    public func age(of date: Date, now: Date) -> String {
        RelativeTime.describe(date, now: now, datedAfter: 7 * 86_400) { day(of: $0) }
    }

    /// The day `date` falls on in the zone: `2026-11-14`.
    public func day(of date: Date) -> String {
        String(ISO8601Date.format(local(date)).prefix(10))
    }

    /// The date and minute in the zone with its abbreviation: `2026-11-22 13:00 JST`.
    public func stamp(_ date: Date) -> String {
        let text = ISO8601Date.format(local(date))  // 2026-11-22T13:00:00Z, shifted to the zone
        let zone = Self.utc.contains(timeZone.identifier) ? "UTC" : timeZone.abbreviation(for: date) ?? "UTC"
        return "\(text.prefix(10)) \(text.dropFirst(11).prefix(5)) \(zone)"
    }

    /// Names of UTC, shown as "UTC" (Foundation abbreviates them, and calls `UTC` itself, "GMT").
    private static let utc: Set = [
        "UTC", "Etc/UTC", "GMT", "Etc/GMT", "Universal", "Etc/Universal", "Zulu", "Etc/Zulu",
    ]

    /// `date` moved by the zone's offset at that moment, to be formatted as if in UTC.
    private func local(_ date: Date) -> Date {
        date.addingTimeInterval(TimeInterval(timeZone.secondsFromGMT(for: date)))
    }
}
