import Foundation

/// Reads the ISO 8601 / RFC 3339 timestamps APIs send: a zone (`Z` or `±hh:mm`) and
/// fractional seconds or none (`2024-01-15T10:30:00.000Z`, `2012-02-09T02:27:16-05:00`).
public enum ISO8601Date {
    public static func parse(_ text: String) -> Date? {
        let trimmed = TextCleanup.trimmed(text)
        return (try? Date.ISO8601FormatStyle().parse(trimmed))
            ?? (try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(trimmed))
    }
}
