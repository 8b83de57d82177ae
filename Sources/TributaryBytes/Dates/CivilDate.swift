/// Proleptic Gregorian calendar arithmetic in UTC, without `Calendar` (Howard Hinnant's
/// `days_from_civil` and `civil_from_days`): the date parsers and `ISO8601Date.format`
/// run it for every item.
public enum CivilDate {
    /// The moment `seconds` after midnight UTC of the date, in seconds since 1970; nil for
    /// a year outside 1...9999, a month outside 1...12 or a day the month does not have.
    public static func seconds(year: Int, month: Int, day: Int, plus seconds: Double) -> Double? {
        guard (1...12).contains(month), (1...9999).contains(year), (1...days(in: month, of: year)).contains(day)
        else { return nil }
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return Double(days) * 86_400 + seconds
    }

    /// The date `days` after 1970-01-01.
    public static func components(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
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

    /// How many days `month` has in `year`.
    public static func days(in month: Int, of year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
