import Foundation
import TributaryBytes

/// Reads the ISO 8601 / RFC 3339 timestamps APIs send, with `FeedDates`' reader: a zone
/// (`Z`, `±hh:mm`) or none (UTC), fractional seconds or none (`2024-01-15T10:30:00.000Z`,
/// `2012-02-09T02:27:16-05:00`, Lemmy 0.18's `2023-06-27T12:00:00.123456`), or a day
/// alone (`2026-11-20`, its start in UTC); and writes Tributary's own: UTC, whole seconds
/// (`2026-11-22T06:00:00Z`).
public enum ISO8601Date {
    /// The moment `text` names (spaces and control characters around it ignored), or nil
    /// when it is not one of the forms above or names no real day or time.
    public static func parse(_ text: String) -> Date? {
        FeedDates.iso8601(text).map(Date.init(timeIntervalSince1970:))
    }

    /// `2026-11-22T06:00:00Z`: the date in UTC, rounded down to the second.
    public static func format(_ date: Date) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(20)
        write(date) { bytes.append($0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The bytes of `format(date)`, one at a time, computed by arithmetic: a digest
    /// writes one per item, and `gmtime_r` takes a process-wide lock.
    public static func write(_ date: Date, _ byte: (UInt8) -> Void) {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let (days, time) = seconds.quotientAndRemainder(dividingBy: 86_400)
        let (year, month, day) = CivilDate.components(fromDays: time < 0 ? days - 1 : days)
        let second = time < 0 ? time + 86_400 : time
        digits(year, 4, byte)
        byte(UInt8(ascii: "-"))
        digits(month, 2, byte)
        byte(UInt8(ascii: "-"))
        digits(day, 2, byte)
        byte(UInt8(ascii: "T"))
        digits(second / 3600, 2, byte)
        byte(UInt8(ascii: ":"))
        digits(second / 60 % 60, 2, byte)
        byte(UInt8(ascii: ":"))
        digits(second % 60, 2, byte)
        byte(UInt8(ascii: "Z"))
    }

    /// `number` in decimal, zero-padded to `width` digits.
    private static func digits(_ number: Int, _ width: Int, _ byte: (UInt8) -> Void) {
        guard (0...9999).contains(number) else { return String(number).utf8.forEach(byte) }
        var divisor = width == 4 ? 1000 : 10
        while divisor > 0 {
            byte(UInt8(ascii: "0") + UInt8(number / divisor % 10))
            divisor /= 10
        }
    }
}
