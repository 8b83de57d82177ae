import Foundation

/// The timestamps nearly every API sends, read without Foundation:
/// `2026-11-22T05:11:43Z`, with fractional seconds (`.120Z`) or an offset (`-05:00`).
/// Foundation's `ISO8601FormatStyle` took about 1 ms to make and read the offline demo's
/// dates; `ISO8601Date.parse` still asks it about anything else.
enum RFC3339Timestamp {
    /// The moment `text` names, or nil when it is not exactly this form or names no
    /// real day or time (a leap second, 30 February): those are left to Foundation.
    static func parse(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes[4] == dash, bytes[7] == dash, bytes[10] == UInt8(ascii: "T"),
            bytes[13] == colon, bytes[16] == colon,
            let year = number(bytes, 0..<4), let month = number(bytes, 5..<7), let day = number(bytes, 8..<10),
            let hour = number(bytes, 11..<13), let minute = number(bytes, 14..<16),
            let second = number(bytes, 17..<19), hour < 24, minute < 60, second < 60
        else { return nil }
        var index = 19
        var fraction = 0.0
        if bytes[index] == UInt8(ascii: ".") {
            let digits = bytes[(index + 1)...].prefix { (0x30...0x39).contains($0) }
            guard (1...9).contains(digits.count), let value = number(bytes, digits.indices) else { return nil }
            fraction = Double(value) / pow(10, Double(digits.count))
            index = digits.endIndex
        }
        guard let offset = zoneOffset(bytes[index...]) else { return nil }
        let seconds = Double(hour * 3600 + minute * 60 + second - offset) + fraction
        return CivilDate.date(year: year, month: month, day: day, seconds: seconds)
    }

    private static let dash = UInt8(ascii: "-")
    private static let colon = UInt8(ascii: ":")

    /// The decimal number the ASCII digits at `range` spell; nil if any is not a digit.
    private static func number(_ bytes: [UInt8], _ range: Range<Int>) -> Int? {
        var value = 0
        for byte in bytes[range] {
            guard (0x30...0x39).contains(byte) else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }

    /// `Z` or `±HH:MM`, and nothing after it, in seconds east of UTC.
    private static func zoneOffset(_ rest: ArraySlice<UInt8>) -> Int? {
        let zone = Array(rest)
        if zone == [UInt8(ascii: "Z")] { return 0 }
        guard zone.count == 6, zone[0] == UInt8(ascii: "+") || zone[0] == dash, zone[3] == colon,
            let hours = number(zone, 1..<3), let minutes = number(zone, 4..<6), hours < 24, minutes < 60
        else { return nil }
        return (zone[0] == dash ? -1 : 1) * (hours * 3600 + minutes * 60)
    }
}
