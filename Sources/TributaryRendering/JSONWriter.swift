import Foundation

/// Appends JSON tokens to a byte buffer: strings escaped per RFC 8259 (control
/// characters as `\uXXXX`, UTF-8 kept as is), numbers, ISO 8601 UTC dates, null.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func raw(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// `"name": value` inside an object at item depth, preceded by a comma unless first.
    mutating func field(_ name: StaticString, first: Bool = false, _ value: (inout JSONWriter) -> Void) {
        raw(first ? "\n      \"" : ",\n      \"")
        raw(name)
        raw("\": ")
        value(&self)
    }

    mutating func string(_ text: String?) {
        guard var text else { return raw("null") }
        bytes.append(0x22)
        text.withUTF8 { utf8 in
            var start = 0
            for index in utf8.indices where utf8[index] < 0x20 || utf8[index] == 0x22 || utf8[index] == 0x5C {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                escape(utf8[index])
                start = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        bytes.append(0x22)
    }

    mutating func strings(_ values: [String]) {
        guard !values.isEmpty else { return raw("[]") }
        raw("[")
        for (index, value) in values.enumerated() {
            if index > 0 { raw(", ") }
            string(value)
        }
        raw("]")
    }

    mutating func number(_ value: Double?) {
        guard let value, value.isFinite else { return raw("null") }
        raw(value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value))
    }

    /// `"2026-11-22T06:00:00Z"`, written digit by digit (a digest writes one per item).
    mutating func date(_ date: Date?) {
        guard let date else { return raw("null") }
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let (days, time) = seconds.quotientAndRemainder(dividingBy: 86_400)
        let (year, month, day) = Self.civil(fromDays: time < 0 ? days - 1 : days)
        let second = time < 0 ? time + 86_400 : time
        bytes.append(0x22)
        digits(year, 4)
        bytes.append(UInt8(ascii: "-"))
        digits(month, 2)
        bytes.append(UInt8(ascii: "-"))
        digits(day, 2)
        bytes.append(UInt8(ascii: "T"))
        digits(second / 3600, 2)
        bytes.append(UInt8(ascii: ":"))
        digits(second / 60 % 60, 2)
        bytes.append(UInt8(ascii: ":"))
        digits(second % 60, 2)
        raw("Z\"")
    }

    /// The proleptic Gregorian date `days` after 1970-01-01 (Howard Hinnant's
    /// `civil_from_days`): plain arithmetic, where `gmtime_r` takes a process-wide lock.
    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private mutating func escape(_ byte: UInt8) {
        switch byte {
        case 0x22: raw("\\\"")
        case 0x5C: raw("\\\\")
        case 0x0A: raw("\\n")
        case 0x0D: raw("\\r")
        case 0x09: raw("\\t")
        default: raw("\\u00" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16))
        }
    }

    /// `number` in decimal, zero-padded to at least `width` digits.
    private mutating func digits(_ number: Int, _ width: Int) {
        let text = String(number)
        for _ in text.utf8.count..<max(width, text.utf8.count) { bytes.append(UInt8(ascii: "0")) }
        raw(text)
    }
}
