import Foundation

extension Duration {
    /// The spans feeds.json and the command line accept: from 1 ms to 24 hours. Outside
    /// that (or not a finite number) a value is refused, never rounded or trapped on.
    static let acceptedRange: ClosedRange<Duration> = .milliseconds(1) ... .seconds(24 * 60 * 60)

    /// How the accepted forms and range read in messages.
    public static let acceptedForms = "seconds (10) or a duration (\"10s\", \"500ms\", \"2m\") from 1ms to 24h"

    /// Parses a feeds.json or command-line time span: `10`, `2.5`, `"10s"`, `"500ms"`, `"2m"`.
    public static func parse(_ value: JSONValue) -> Duration? {
        switch value {
        case .number(let seconds):
            return milliseconds(fromSeconds: seconds)
        case .string(let text):
            return parse(text)
        default:
            return nil
        }
    }

    /// Parses `"10"`, `"10s"`, `"500ms"` or `"2m"`; nil outside `acceptedRange`.
    public static func parse(_ text: String) -> Duration? {
        let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60)]
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        for (suffix, scale) in units where trimmed.hasSuffix(suffix) {
            guard let number = Double(trimmed.dropLast(suffix.count)) else { return nil }
            return milliseconds(fromSeconds: number * scale)
        }
        return Double(trimmed).flatMap(milliseconds(fromSeconds:))
    }

    /// Whole milliseconds, when `seconds` is finite and within `acceptedRange`.
    private static func milliseconds(fromSeconds seconds: Double) -> Duration? {
        guard seconds.isFinite, seconds >= 0.001, seconds <= acceptedRange.upperBound.seconds else { return nil }
        return .milliseconds(Int64((seconds * 1000).rounded()))
    }

    /// Seconds as a floating-point number.
    public var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}

extension Duration {
    /// Parses a span of days and more, for `retention` and `--since`: `"90d"`, `"12h"`,
    /// `"2w"`, `"30m"`, `"45s"`; up to 100 years.
    public static func parseSpan(_ text: String) -> Duration? {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3_600, "d": 86_400, "w": 604_800]
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let unit = trimmed.last.flatMap({ units[$0] }), let number = Double(trimmed.dropLast()),
            number.isFinite, number > 0, number * unit <= 100 * 365 * 86_400
        else { return nil }
        return .seconds(number * unit)
    }
}
