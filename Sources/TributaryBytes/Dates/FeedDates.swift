/// Hand-written parsers for the dates feeds and APIs carry, none through `DateFormatter`
/// or Foundation's ISO 8601 style, which cost the offline demo's start-up
/// (`docs/design/performance.md`):
/// - RFC 822/2822 and their usual variants: weekday or none, full or abbreviated month
///   names in English and the common European languages, two-digit years, seconds or
///   none, a numeric zone, a named one (`FeedDateNames.zones`) or none (read as UTC);
/// - asctime (`Sun Jan  4 16:29:06 2004`) and JavaScript's `Date.toString`
///   (`Thu Aug 30 2012 17:26:16 GMT+0200 (CEST)`);
/// - ISO 8601 and W3C-DTF: `2003`, `2003-12`, `2003-12-31`, `20031231`, `03-12-31`, with a
///   time (`T10:14`, `T101455`, fractions) and a zone or none (read as UTC).
///
/// A date that cannot be read is no date, never a wrong one: an unknown zone, a time of
/// `25:61`, the 31st of February or anything left over make `parse` return nil.
/// Dates are seconds since 1970 in UTC here; the core makes them `Date`s.
public enum FeedDates {
    /// The moment the UTF-8 text gives, or nil when it is in none of the forms above.
    public static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        let text = ByteTrim.trimmingSpacesAndControls(bytes)
        guard let first = text.first else { return nil }
        if isDigit(first), let date = iso8601(text) { return date }
        return wordDate(text)
    }

    // MARK: ISO 8601 / W3C-DTF

    /// The moment an ISO 8601 / W3C-DTF text gives (spaces and control characters around
    /// it ignored), or nil; `ISO8601Date.parse` reads APIs' timestamps with it.
    public static func iso8601(_ text: String) -> Double? {
        BorrowedBuffers.utf8(of: text) { iso8601(ByteTrim.trimmingSpacesAndControls($0)) }
    }

    /// The moment of ISO 8601 / W3C-DTF bytes (see above), or nil.
    static func iso8601(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var scanner = DateScanner(bytes)
        guard let (year, month, day) = scanner.isoDay() else { return nil }
        var seconds = 0.0
        if scanner.skip("T") || scanner.skip("t") || (scanner.skip(" ") && scanner.atDigit) {
            guard let time = scanner.isoClock() else { return nil }
            seconds = time
        }
        return scanner.finish(year: year, month: month, day: day, seconds: seconds)
    }

    // MARK: RFC 822, asctime and the like

    /// A date with a month name: day first (RFC 822) or month first (asctime, JavaScript).
    static func wordDate(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var scanner = DateScanner(bytes)
        scanner.skipWeekday()
        return scanner.atDigit ? dayFirst(&scanner) : monthFirst(&scanner)
    }

    /// `[weekday,] 13 Dec 2003 [18:30[:02]] [zone]`; the day may end with a dot (`3. März`).
    private static func dayFirst(_ scanner: inout DateScanner) -> Double? {
        guard let day = scanner.number(1...2) else { return nil }
        _ = scanner.skip(".")
        scanner.skipSeparators()
        guard let month = scanner.month() else { return nil }
        scanner.skipSeparators()
        guard let year = scanner.year() else { return nil }
        scanner.skipSeparators()
        var seconds = 0.0
        if scanner.atDigit {
            guard let time = scanner.clock() else { return nil }
            seconds = time
        }
        return scanner.finish(year: year, month: month, day: day, seconds: seconds)
    }

    /// `weekday Jan 4 16:29:06 [zone] 2004` (asctime) or `weekday Aug 30 2012 17:26:16 [zone]`.
    private static func monthFirst(_ scanner: inout DateScanner) -> Double? {
        guard let month = scanner.month() else { return nil }
        scanner.skipSeparators()
        guard let day = scanner.number(1...2) else { return nil }
        scanner.skipSeparators()
        if scanner.digitRun == 4 {
            guard let year = scanner.number(4), scanner.skip(" "), let time = scanner.clock() else { return nil }
            return scanner.finish(year: year, month: month, day: day, seconds: time)
        }
        guard let time = scanner.clock(), let zone = scanner.zone() else { return nil }
        scanner.skipSpaces()
        guard let year = scanner.number(4) else { return nil }
        return scanner.finish(year: year, month: month, day: day, seconds: time - Double(zone))
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }
}
