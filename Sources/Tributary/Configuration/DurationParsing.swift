import Foundation

extension Duration {
    /// What one use of a duration takes: the range it must fall in, whether a bare number
    /// (seconds) is accepted, and how both read in messages. Every use reads the same units
    /// (`ms`, `s`, `m`, `h`, `d`, `w`); a value outside the range (or not a finite number)
    /// is refused, never rounded or trapped on.
    public struct Accepted: Sendable {
        public let range: ClosedRange<Duration>
        /// Whether `10` (or `"10"`) means ten seconds.
        public let bareSeconds: Bool
        /// The accepted forms and range, as messages say them.
        public let forms: String

        /// Request deadlines and refresh intervals (`timeout`, `refresh`, `--timeout`).
        public static let request = Accepted(
            range: .milliseconds(1) ... .seconds(86_400), bareSeconds: true,
            forms: "seconds (10) or a duration (\"500ms\", \"10s\", \"2m\", \"1h\", \"1d\") from 1ms to 24h")

        /// How far back or how long to remember (`retention`, `--since`, `--older-than`).
        public static let span = Accepted(
            range: .milliseconds(1) ... .seconds(36_500 * 86_400), bareSeconds: false,
            forms: "a span with its unit (\"45s\", \"30m\", \"12h\", \"90d\", \"2w\") from 1ms to 36500d (100 years)")
    }

    /// The forms and range of `Accepted.request`, as messages say them.
    public static var acceptedForms: String { Accepted.request.forms }

    /// Seconds per unit, longest suffix first so that `ms` is not read as `m`.
    private static let units: [(suffix: String, seconds: Double)] = [
        ("ms", 0.001), ("s", 1), ("m", 60), ("h", 3_600), ("d", 86_400), ("w", 604_800),
    ]

    /// Parses a feeds.json value: a number of seconds (where `accepted` takes one) or a string.
    public static func parse(_ value: JSONValue, _ accepted: Accepted = .request) -> Duration? {
        switch value {
        case .number(let seconds) where accepted.bareSeconds:
            return whole(seconds: seconds, accepted)
        case .string(let text):
            return parse(text, accepted)
        default:
            return nil
        }
    }

    /// Parses `"500ms"`, `"10s"`, `"2m"`, `"1h"`, `"1d"`, `"2w"` (or `"10"`, where `accepted`
    /// takes bare seconds); nil outside `accepted.range`.
    public static func parse(_ text: String, _ accepted: Accepted = .request) -> Duration? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        for unit in units where trimmed.hasSuffix(unit.suffix) {
            guard let number = Double(trimmed.dropLast(unit.suffix.count)) else { return nil }
            return whole(seconds: number * unit.seconds, accepted)
        }
        guard accepted.bareSeconds else { return nil }
        return Double(trimmed).flatMap { whole(seconds: $0, accepted) }
    }

    /// Whole milliseconds, when `seconds` is finite and within the range.
    private static func whole(seconds: Double, _ accepted: Accepted) -> Duration? {
        guard seconds.isFinite, seconds >= accepted.range.lowerBound.seconds,
            seconds <= accepted.range.upperBound.seconds
        else { return nil }
        return .milliseconds(Int64((seconds * 1000).rounded()))
    }

    /// Seconds as a floating-point number.
    public var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
