import Foundation

/// Removes secrets from text that may be shown, logged or recorded.
public enum Redaction {
    /// Query parameter names whose values are secrets wherever they appear.
    public static let secretParameters: Set<String> = [
        "key", "api_key", "apikey", "consumer_key", "access_token", "token", "oauth_token", "client_secret", "bearer_token",
    ]

    /// Replaces the values of secret query parameters with `***`.
    public static func redact(_ text: String) -> String {
        guard text.contains("=") else { return text }
        var output = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            output.append(character)
            index = text.index(after: index)
            guard character == "?" || character == "&" || character == ";" else { continue }
            let nameEnd = text[index...].firstIndex { !($0.isLetter || $0.isNumber || $0 == "_") } ?? text.endIndex
            guard nameEnd < text.endIndex, text[nameEnd] == "=", secretParameters.contains(text[index..<nameEnd].lowercased()) else { continue }
            output += text[index...nameEnd] + "***"
            index = text[nameEnd...].firstIndex { $0 == "&" || $0 == " " || $0 == "\"" || $0 == "#" } ?? text.endIndex
        }
        return output
    }

    /// Replaces every occurrence of the given secrets' values with `***`.
    public static func redact(_ text: String, secrets: [Secret]) -> String {
        secrets.filter { $0.value.count >= 4 }.reduce(redact(text)) { $0.replacingOccurrences(of: $1.value, with: "***") }
    }
}
