import Foundation

/// Hand-written parsers for the dates feeds carry: RFC 822 (with the usual broken
/// variants: no weekday, full month names, two-digit years, named or missing zones),
/// RFC 3339 and ISO 8601 without a zone (read as UTC). No `DateFormatter`.
enum FeedDates {
    /// The date the UTF-8 text gives, or nil when it is in none of the forms above.
    static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        guard let first = bytes.firstIndex(where: { $0 > 32 }) else { return nil }
        let text = UnsafeBufferPointer(rebasing: bytes[first...])
        if text.count >= 10, isDigit(text[0]), text[4] == UInt8(ascii: "-") {
            return iso8601(text)
        }
        return rfc822(text)
    }

    // MARK: RFC 3339 / ISO 8601

    static func iso8601(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        var scanner = DateScanner(bytes)
        guard let year = scanner.number(4), scanner.skip("-"), let month = scanner.number(2), scanner.skip("-"),
            let day = scanner.number(2)
        else { return nil }
        var seconds = 0.0
        if scanner.skip("T") || scanner.skip("t") || scanner.skip(" ") {
            guard let time = scanner.clock() else { return nil }
            seconds = time
        }
        let offset = scanner.numericZone() ?? 0
        return date(year: year, month: month, day: day, seconds: seconds - Double(offset))
    }

    // MARK: RFC 822

    static func rfc822(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        var scanner = DateScanner(bytes)
        scanner.skipWord()  // optional weekday, "Tue," or "Tuesday"
        guard let day = scanner.number(1...2) else { return nil }
        scanner.skipSeparators()
        guard let month = scanner.month() else { return nil }
        scanner.skipSeparators()
        guard var year = scanner.number(2...4) else { return nil }
        if year < 100 { year += year < 50 ? 2000 : 1900 }
        scanner.skipSeparators()
        let seconds = scanner.clock() ?? 0
        scanner.skipSpaces()  // not skipSeparators: the `-` of `-0500` is the zone's sign
        let offset = scanner.numericZone() ?? scanner.namedZone() ?? 0
        return date(year: year, month: month, day: day, seconds: seconds - Double(offset))
    }

    // MARK: Calendar arithmetic

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func date(year: Int, month: Int, day: Int, seconds: Double) -> Date? {
        guard (1...12).contains(month), (1...31).contains(day), (1...9999).contains(year) else { return nil }
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return Date(timeIntervalSince1970: Double(days) * 86_400 + seconds)
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }
}

/// A cursor over the bytes of a date; it allocates nothing.
struct DateScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// Skips `character` (ASCII) when it is next.
    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard current == UInt8(truncatingIfNeeded: character.value) else { return false }
        index += 1
        return true
    }

    mutating func skipSeparators() {
        while let byte = current, byte == 32 || byte == 44 || byte == 45 || byte == 9 || byte == 10 || byte == 13 {
            index += 1
        }
    }

    mutating func skipSpaces() {
        while let byte = current, byte == 32 || byte == 9 || byte == 10 || byte == 13 { index += 1 }
    }

    /// Skips a leading word (a weekday) and the separators after it.
    mutating func skipWord() {
        skipSeparators()
        while let byte = current, isLetter(byte) || byte == 46 { index += 1 }
        skipSeparators()
    }

    /// Exactly `count` digits.
    mutating func number(_ count: Int) -> Int? { number(count...count) }

    mutating func number(_ counts: ClosedRange<Int>) -> Int? {
        var value = 0
        var digits = 0
        while let byte = current, FeedDates.isDigit(byte), digits < counts.upperBound {
            value = value * 10 + Int(byte - 48)
            digits += 1
            index += 1
        }
        return counts.contains(digits) ? value : nil
    }

    /// `HH:MM[:SS[.fraction]]` as seconds since midnight.
    mutating func clock() -> Double? {
        guard let hours = number(1...2), skip(":"), let minutes = number(2) else { return nil }
        var seconds = Double(hours * 3600 + minutes * 60)
        if skip(":"), let whole = number(2) { seconds += Double(whole) }
        if skip(".") || skip(",") {
            var scale = 0.1
            while let byte = current, FeedDates.isDigit(byte) {
                seconds += Double(byte - 48) * scale
                scale /= 10
                index += 1
            }
        }
        return seconds
    }

    /// `Z`, `+HH:MM`, `+HHMM`, `+HH`, or `GMT+2`-style: seconds east of UTC.
    mutating func numericZone() -> Int? {
        while current == 32 { index += 1 }
        if skip("Z") || skip("z") { return 0 }
        let start = index
        _ = matchWord("GMT") || matchWord("UTC") || matchWord("UT")
        guard let sign = current, sign == 43 || sign == 45 else { return index > start ? 0 : nil }
        index += 1
        guard let hours = number(1...2) else { return nil }
        _ = skip(":")
        let minutes = number(2) ?? 0
        let offset = hours * 3600 + minutes * 60
        return sign == 45 ? -offset : offset
    }

    /// Zone abbreviations, packed as `packedWord` packs them, and their hours east of UTC.
    private static let zones: [UInt32: Int] = Dictionary(
        uniqueKeysWithValues: [
            ("EST", -5), ("EDT", -4), ("CST", -6), ("CDT", -5), ("MST", -7), ("MDT", -6), ("PST", -8), ("PDT", -7),
            ("CET", 1), ("CEST", 2), ("BST", 1), ("IST", 5), ("JST", 9), ("AEST", 10), ("AEDT", 11),
        ].map { name, hours in (packed(name.utf8), hours) })

    /// North American and a few other abbreviations; unknown names read as UTC.
    mutating func namedZone() -> Int? {
        let (word, length) = packedWord()
        guard length <= 4 else { return nil }
        return Self.zones[word].map { $0 * 3600 }
    }

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        .map { packed($0.uppercased().utf8) }

    /// An English month name, abbreviated or full ("Sep", "Sept", "September").
    mutating func month() -> Int? {
        let start = index
        _ = packedWord()
        let length = index - start
        _ = skip(".")
        guard length >= 3 else { return nil }
        let prefix = Self.packed(UnsafeBufferPointer(rebasing: bytes[start..<(start + 3)]))
        return Self.months.firstIndex(of: prefix).map { $0 + 1 }
    }

    /// The run of letters at the cursor, upper-cased and packed into an integer (its first
    /// four letters), and its length.
    private mutating func packedWord() -> (UInt32, Int) {
        let start = index
        while let byte = current, isLetter(byte) { index += 1 }
        let length = index - start
        return (Self.packed(UnsafeBufferPointer(rebasing: bytes[start..<min(index, start + 4)])), length)
    }

    private static func packed(_ letters: some Sequence<UInt8>) -> UInt32 {
        letters.reduce(0) { $0 << 8 | UInt32($1 & 0xDF) }
    }

    private mutating func matchWord(_ word: StaticString) -> Bool {
        let length = word.utf8CodeUnitCount
        guard bytes.count - index >= length else { return false }
        for offset in 0..<length where bytes[index + offset] != word.utf8Start[offset] { return false }
        index += length
        return true
    }

    private func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 97 && (byte | 0x20) <= 122 }
}
