/// The end of a date: its zone, and nothing after it.
extension DateScanner {
    /// The zone at the cursor in seconds east of UTC: `Z`, `+HH:MM`, `+HHMM`, `+HH`, a
    /// name (`FeedDateNames.zones`), `GMT+2`-style, or none (0). Nil for a zone it cannot
    /// read: an unknown name is no zone, never UTC.
    mutating func zone() -> Int? {
        skipSpaces()
        guard let byte = current, byte != UInt8(ascii: "(") else { return 0 }
        if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") { return offset() }
        guard isLetter(byte) else { return FeedDates.isDigit(byte) ? 0 : nil }
        let start = index
        let name = word()
        guard let hours = FeedDateNames.zone(name) else { return nil }
        let universal = hours == 0 && index - start >= 2  // GMT, UTC, UT: an offset may follow
        if universal, current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { return offset() }
        return Int(hours * 3600)
    }

    /// `±HH[:MM]` or `±HHMM` in seconds east of UTC.
    private mutating func offset() -> Int? {
        let sign = current == UInt8(ascii: "-") ? -1 : 1
        advance()
        let hours = digitRun == 1 || digitRun == 3 ? number(1) : number(2)
        guard let hours else { return nil }
        _ = skip(":")
        let minutes = atDigit ? number(2) : 0
        guard let minutes, hours <= 14, minutes <= 59 else { return nil }
        return sign * (hours * 3600 + minutes * 60)
    }

    /// Whether only a zone comment (`(CEST)`) and whitespace are left.
    mutating func atEnd() -> Bool {
        skipSpaces()
        if skip("(") {
            while let byte = current, byte != UInt8(ascii: ")") { advance() }
            guard skip(")") else { return false }
            skipSpaces()
        }
        return current == nil
    }

    /// The date, once a zone (or none) and nothing else follows.
    mutating func finish(year: Int, month: Int, day: Int, seconds: Double) -> Double? {
        guard let zone = zone(), atEnd() else { return nil }
        return CivilDate.seconds(year: year, month: month, day: day, plus: seconds - Double(zone))
    }
}

extension DateScanner {
    /// `YYYY`, `YYYY-MM`, `YYYY-MM-DD`, `YYYYMMDD`, `YY-MM-DD` or `YYMMDD` (a missing month
    /// or day is the first).
    mutating func isoDay() -> (year: Int, month: Int, day: Int)? {
        switch digitRun {
        case 8:
            guard let year = number(4), let month = number(2), let day = number(2) else { return nil }
            return (year, month, day)
        case 6:
            guard let year = self.year2(), let month = number(2), let day = number(2) else { return nil }
            return (year, month, day)
        case 4:
            guard let year = number(4) else { return nil }
            guard skip("-") else { return (year, 1, 1) }
            guard let month = number(2) else { return nil }
            guard skip("-") else { return (year, month, 1) }
            guard let day = number(2) else { return nil }
            return (year, month, day)
        case 2:
            guard let year = year2(), skip("-"), let month = number(2), skip("-"), let day = number(2) else {
                return nil
            }
            return (year, month, day)
        default: return nil
        }
    }

    private mutating func year2() -> Int? {
        number(2).map { $0 + ($0 < 90 ? 2000 : 1900) }
    }
}
