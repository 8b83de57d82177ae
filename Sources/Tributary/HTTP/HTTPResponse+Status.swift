import Foundation

extension HTTPResponse {
    /// Throws the generic `TributaryError` for a non-2xx status: 429 and 5xx are
    /// transient (with `Retry-After` honoured), 401/403/404 and other 4xx permanent.
    /// Sources call it after checking the API-specific error bodies they know.
    /// `what` names the service in messages; by default, the host that answered.
    public func requireSuccess(_ what: String? = nil) throws {
        guard !isSuccess else { return }
        let what = what ?? answeringHost
        let retryAfter = RetryAfter.parse(header("retry-after"), now: receivedAt)
        switch status {
        case 429:
            let until = retryAfter.map { " until \(ClockTime.format($0, now: receivedAt))" } ?? ""
            throw TributaryError(
                .rateLimited, "\(what) is rate limiting requests (HTTP 429)\(until)", retryAfter: retryAfter)
        case 500...599:
            throw TributaryError(.transient, "\(what) answered HTTP \(status); try again later", retryAfter: retryAfter)
        case 401, 403:
            throw TributaryError(.permanent, "\(what) refused access (HTTP \(status)); check the credentials")
        case 404, 410:
            throw TributaryError(.permanent, "\(answeredURL) not found (HTTP \(status)); check the URL")
        default:
            throw TributaryError(.permanent, "\(what) answered HTTP \(status)")
        }
    }

    /// The host (and port) that answered, after any redirects: `example.org:8080`.
    public var answeringHost: String {
        let url = redirectedTo ?? request.url
        return (url.host ?? "the server") + (url.port.map { ":\($0)" } ?? "")
    }

    /// What the body is, for "not its JSON" messages: its media type and, when its bytes
    /// are not UTF-8, where they stop being so, as ` (application/json; invalid UTF-8 at byte 12)`.
    public var bodyKind: String {
        var parts = mediaType.map { [$0] } ?? []
        if let offset = Self.firstInvalidUTF8(in: body) { parts.append("invalid UTF-8 at byte \(offset)") }
        return parts.isEmpty ? "" : " (\(parts.joined(separator: "; ")))"
    }

    /// The offset of the first byte that is not part of a valid UTF-8 sequence; nil when all are.
    static func firstInvalidUTF8(in bytes: Data) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    /// A short, printable excerpt of the body for error messages.
    public var bodyExcerpt: String {
        let text = String(decoding: body.prefix(200), as: UTF8.self)
        return TextCleanup.singleLine(text)
    }
}

/// Parses `Retry-After`: delay seconds or an HTTP date.
public enum RetryAfter {
    public static func parse(_ value: String?, now: Date) -> Date? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Double(value) { return now.addingTimeInterval(max(0, seconds)) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: value)
    }
}
