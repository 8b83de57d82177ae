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

    /// Replaces every occurrence of the given secrets' values with `***`, in each form
    /// upstream may quote them (see `quotedForms`).
    public static func redact(_ text: String, secrets: [Secret]) -> String {
        SecretScrubber(secrets).scrub(text)
    }

    /// A secret as it was sent and as a server may echo it: whole, without its
    /// authorization scheme (`Bearer TOKEN` → `TOKEN`), the password inside `Basic`
    /// credentials, and each of these percent-encoded or JSON-escaped.
    static func quotedForms(of value: String) -> [String] {
        var forms = [value]
        if let space = value.firstIndex(of: " ") {
            let scheme = value[..<space]
            let credential = String(value[value.index(after: space)...])
            forms.append(credential)
            if scheme.lowercased() == "basic", let decoded = Data(base64Encoded: credential),
                let pair = String(data: decoded, encoding: .utf8)
            {
                forms.append(pair)
                if let colon = pair.firstIndex(of: ":") { forms.append(String(pair[pair.index(after: colon)...])) }
            }
        }
        let escaped = forms.flatMap { form in
            [
                form.addingPercentEncoding(withAllowedCharacters: .alphanumerics),
                form.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "/", with: "\\/")
                    .replacingOccurrences(of: "\"", with: "\\\""),
            ].compactMap { $0 }
        }
        return forms + escaped
    }
}

/// Scrubs text of given secrets, their quoted forms worked out once for many texts.
public struct SecretScrubber: Sendable {
    /// Longest first, so a token is not left half-shown by a shorter secret inside it.
    private let forms: [String]

    public init(_ secrets: [Secret]) {
        let forms = Set(secrets.flatMap { Redaction.quotedForms(of: $0.value) }).filter { $0.count >= 4 }
        self.forms = forms.sorted { $0.count > $1.count }
    }

    /// Whether there is no secret to scrub.
    public var isEmpty: Bool { forms.isEmpty }

    /// `text` with URL credentials and secret query values redacted (`Redaction.redact`)
    /// and every form of the secrets as `***`.
    public func scrub(_ text: String) -> String {
        forms.reduce(Redaction.redact(text)) { $0.contains($1) ? $0.replacingOccurrences(of: $1, with: "***") : $0 }
    }

    /// `text` with every form of the secrets as `***`, or nil when it holds none.
    func scrubbedIfNeeded(_ text: String) -> String? {
        guard forms.contains(where: text.contains) else { return nil }
        return forms.reduce(text) { $0.replacingOccurrences(of: $1, with: "***") }
    }
}
