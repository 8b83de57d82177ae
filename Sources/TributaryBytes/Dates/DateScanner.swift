/// A cursor over the bytes of a date; it allocates nothing, bar a month name in a
/// language other than English.
struct DateScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    private(set) var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    var current: UInt8? { index < bytes.count ? bytes[index] : nil }
    var atDigit: Bool { current.map(FeedDates.isDigit) ?? false }

    /// The number of digits in a row at the cursor.
    var digitRun: Int {
        var end = index
        while end < bytes.count, FeedDates.isDigit(bytes[end]) { end += 1 }
        return end - index
    }

    /// Steps over the byte at the cursor.
    mutating func advance() { index += 1 }

    /// Skips `character` (ASCII) when it is next.
    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard current == UInt8(truncatingIfNeeded: character.value) else { return false }
        index += 1
        return true
    }

    /// Skips spaces, commas and hyphens.
    mutating func skipSeparators() {
        while let byte = current, byte == 32 || byte == 44 || byte == 45 || (9...13).contains(byte) { index += 1 }
    }

    mutating func skipSpaces() {
        while let byte = current, byte == 32 || (9...13).contains(byte) { index += 1 }
    }

    /// Skips a leading weekday in any language ("Tue,", "Donnerstag,", "mer.,"), if any.
    mutating func skipWeekday() {
        guard let byte = current, isLetter(byte) || byte >= 0x80 else { return }
        _ = word()
        _ = skip(".")
        skipSeparators()
    }

    /// Exactly `count` digits.
    mutating func number(_ count: Int) -> Int? { number(count...count) }

    /// A number of `counts` digits (more digits are left for what follows).
    mutating func number(_ counts: ClosedRange<Int>) -> Int? {
        let start = index
        var value = 0
        while let byte = current, FeedDates.isDigit(byte), index - start < counts.upperBound {
            value = value * 10 + Int(byte - 48)
            index += 1
        }
        return counts.contains(index - start) ? value : nil
    }

    /// A year of four digits, or of two (90–99 read as 19xx and the others as 20xx, as
    /// feedparser reads them).
    mutating func year() -> Int? {
        switch digitRun {
        case 4: return number(4)
        case 2: return number(2).map { $0 + ($0 < 90 ? 2000 : 1900) }
        default: return nil
        }
    }

    /// A month name at the cursor (see `FeedDateNames.month`), and the dot after an abbreviation.
    mutating func month() -> Int? {
        let month = FeedDateNames.month(word())
        _ = skip(".")
        return month
    }

    /// The run of letters (ASCII, or any non-ASCII UTF-8 byte) at the cursor.
    mutating func word() -> Slice<UnsafeBufferPointer<UInt8>> {
        let start = index
        while let byte = current, isLetter(byte) || byte >= 0x80 { index += 1 }
        return bytes[start..<index]
    }

    /// `H:MM[:SS[.fraction]]` (RFC 822, asctime) as seconds since midnight.
    mutating func clock() -> Double? {
        guard let hours = number(1...2), skip(":"), let minutes = number(2) else { return nil }
        var seconds = 0.0
        if skip(":") {
            guard let whole = number(2) else { return nil }
            seconds = Double(whole) + fraction()
        }
        return time(hours, minutes, seconds)
    }

    /// `HH:MM[:SS[.fraction]]` or `HHMM[SS[.fraction]]` (ISO 8601) as seconds since midnight.
    mutating func isoClock() -> Double? {
        guard let hours = number(2) else { return nil }
        let colon = skip(":")
        guard let minutes = number(2) else { return nil }
        var seconds = 0.0
        if colon ? skip(":") : atDigit {
            guard let whole = number(2) else { return nil }
            seconds = Double(whole)
        }
        return time(hours, minutes, seconds + fraction())
    }

    /// The fraction of a second after `.` or `,`, if any, to nanoseconds (further digits
    /// are read and ignored); its digits are summed as an integer, so `.12` is 12 / 100.
    private mutating func fraction() -> Double {
        guard skip(".") || skip(",") else { return 0 }
        var value = 0
        var scale = 1
        while let byte = current, FeedDates.isDigit(byte) {
            if scale < 1_000_000_000 {
                value = value * 10 + Int(byte - 48)
                scale *= 10
            }
            index += 1
        }
        return Double(value) / Double(scale)
    }

    private func time(_ hours: Int, _ minutes: Int, _ seconds: Double) -> Double? {
        guard hours <= 23, minutes <= 59, seconds < 61 else { return nil }
        return Double(hours * 3600 + minutes * 60) + seconds
    }

    func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 97 && (byte | 0x20) <= 122 }
}
