import Foundation

/// HTTP's date format, IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`, RFC 9110 §5.6.7).
/// A formatter is made per call: feeds are asked for rarely, and a shared one would need a lock.
enum HTTPDate {
    static func format(_ date: Date) -> String {
        formatter().string(from: date)
    }

    /// The date of an IMF-fixdate; nil for anything else.
    static func parse(_ text: String) -> Date? {
        formatter().date(from: text.trimmingCharacters(in: .whitespaces))
    }

    private static func formatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter
    }
}
