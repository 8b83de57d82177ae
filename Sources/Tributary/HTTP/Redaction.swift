import Foundation

/// Removes secrets from text that may be shown, logged or recorded.
public enum Redaction {
    /// Query parameter names whose values are secrets wherever they appear.
    static let secretParameters: Set<String> = [
        "key", "api_key", "apikey", "consumer_key", "access_token", "token", "oauth_token", "client_secret",
        "bearer_token",
    ]

    /// Replaces the values of secret query parameters with `***`, and the password of
    /// credentials in URLs (`https://user:***@host/`; a lone user name, often a token, as `***@`).
    public static func redact(_ text: String) -> String {
        redactQuery(redactCredentials(text))
    }

    /// `scheme://user:password@host` becomes `scheme://user:***@host` wherever it stands in the text.
    static func redactCredentials(_ text: String) -> String {
        guard text.contains("@"), text.contains("://") else { return text }
        var output = ""
        var rest = Substring(text)
        while let marker = rest.range(of: "://") {
            output += rest[..<marker.upperBound]
            rest = rest[marker.upperBound...]
            let authorityEnd = rest.firstIndex { "/?# \"'<>".contains($0) } ?? rest.endIndex
            guard let at = rest[..<authorityEnd].lastIndex(of: "@") else { continue }
            let userInfo = rest[..<at]
            output += userInfo.firstIndex(of: ":").map { userInfo[..<$0] + ":***" } ?? "***"
            rest = rest[at...]
        }
        return output + rest
    }

    /// Replaces the values of secret query parameters with `***`.
    static func redactQuery(_ text: String) -> String {
        guard text.contains("=") else { return text }
        var output = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            output.append(character)
            index = text.index(after: index)
            guard character == "?" || character == "&" || character == ";" else { continue }
            let nameEnd = text[index...].firstIndex { !($0.isLetter || $0.isNumber || $0 == "_") } ?? text.endIndex
            guard nameEnd < text.endIndex, text[nameEnd] == "=",
                secretParameters.contains(text[index..<nameEnd].lowercased())
            else { continue }
            output += text[index...nameEnd] + "***"
            index = text[nameEnd...].firstIndex { $0 == "&" || $0 == " " || $0 == "\"" || $0 == "#" } ?? text.endIndex
        }
        return output
    }

    /// Replaces every occurrence of the given secrets' values with `***`.
    public static func redact(_ text: String, secrets: [Secret]) -> String {
        secrets.filter { $0.value.count >= 4 }.reduce(redact(text)) {
            $0.replacingOccurrences(of: $1.value, with: "***")
        }
    }
}
