import Foundation

extension Duration {
    /// Parses a feeds.json or command-line time span: `10`, `2.5`, `"10s"`, `"500ms"`, `"2m"`.
    public static func parse(_ value: JSONValue) -> Duration? {
        switch value {
        case .number(let seconds) where seconds > 0:
            return .milliseconds(Int64(seconds * 1000))
        case .string(let text):
            return parse(text)
        default:
            return nil
        }
    }

    /// Parses `"10"`, `"10s"`, `"500ms"` or `"2m"`.
    public static func parse(_ text: String) -> Duration? {
        let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60)]
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        for (suffix, scale) in units where trimmed.hasSuffix(suffix) {
            guard let number = Double(trimmed.dropLast(suffix.count)), number > 0 else { return nil }
            return .milliseconds(Int64(number * scale * 1000))
        }
        guard let seconds = Double(trimmed), seconds > 0 else { return nil }
        return .milliseconds(Int64(seconds * 1000))
    }

    /// Seconds as a floating-point number.
    public var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
