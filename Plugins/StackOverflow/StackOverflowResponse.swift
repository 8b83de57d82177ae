import Foundation
import Tributary

/// Reads a Stack Exchange response: inflates it, decodes the wrapper, and turns its
/// error fields, quota and `backoff` into what the host understands.
enum StackOverflowResponse {
    static func decode(_ response: HTTPResponse) throws -> StackOverflowAPI.Wrapper {
        do {
            return try JSONDecoder().decode(StackOverflowAPI.Wrapper.self, from: response.body)
        } catch {
            if !response.isSuccess { try response.requireSuccess("Stack Exchange") }
            throw TributaryError(
                .badResponse,
                "Stack Exchange sent something that is not its JSON\(response.bodyKind): \(response.bodyExcerpt)")
        }
    }

    /// Throws the error the wrapper carries. Upstream answers every error with HTTP 400
    /// and the real code in `error_id` / `error_name`, so the body decides.
    static func checkError(_ wrapper: StackOverflowAPI.Wrapper, _ response: HTTPResponse) throws {
        let retryAfter = backoffDate(wrapper.backoff, after: response.receivedAt)
        guard let name = wrapper.error_name ?? wrapper.error_id.map(String.init) else {
            try response.requireSuccess("Stack Exchange")
            return
        }
        let upstream = TextCleanup.decodedLine(wrapper.error_message ?? name)
        let detail = "\(name): \(upstream)"
        switch name {
        case "throttle_violation":
            throw TributaryError(
                .rateLimited, "Stack Exchange is rate limiting this IP (\(detail))",
                retryAfter: retryAfter ?? availableIn(upstream, after: response.receivedAt))
        case "temporarily_unavailable", "internal_error":
            throw TributaryError(
                .transient, "Stack Exchange is temporarily failing (\(detail))", retryAfter: retryAfter)
        case "access_token_required", "invalid_access_token", "access_denied", "key_required",
            "access_token_compromised":
            throw TributaryError(
                .permanent,
                "Stack Exchange refused the key (\(detail)); fix STACKEXCHANGE_KEY or remove \"key\" to run keyless")
        case "bad_parameter":
            throw TributaryError(
                .permanent, "Stack Exchange rejected a parameter (\(detail)); check site, tags and sort")
        default:
            throw TributaryError(.permanent, "Stack Exchange error (\(detail))")
        }
    }

    /// Adds quota and backoff facts: quota in `--verbose`, and in the status when low.
    static func annotate(_ update: inout SourceUpdate, with wrapper: StackOverflowAPI.Wrapper, receivedAt: Date) {
        if let remaining = wrapper.quota_remaining, let max = wrapper.quota_max {
            update.diagnostics.append("quota \(remaining)/\(max) requests left")
            if max > 0 && remaining * 10 < max { update.notes.append("quota low: \(remaining)/\(max) requests left") }
        }
        if let backoff = wrapper.backoff {
            update.diagnostics.append("backoff: upstream asked for \(backoff) s before the next call to this method")
            update.holdRequestsUntil = backoffDate(backoff, after: receivedAt)
        }
        if wrapper.has_more == true { update.diagnostics.append("more questions available upstream (has_more)") }
        if let reason = pagingStop(wrapper) { update.diagnostics.append("no further pages: \(reason)") }
    }

    /// Why no further page may be asked for although `has_more` is true: upstream asked
    /// for a `backoff`, or under a tenth of the quota is left (kept for later runs).
    static func pagingStop(_ wrapper: StackOverflowAPI.Wrapper) -> String? {
        guard wrapper.has_more == true else { return nil }
        if let backoff = wrapper.backoff { return "upstream asked for a \(backoff) s backoff" }
        if let remaining = wrapper.quota_remaining, let max = wrapper.quota_max, remaining * 10 < max {
            return "quota low (\(remaining)/\(max) requests left)"
        }
        return nil
    }

    private static func backoffDate(_ seconds: Int?, after receivedAt: Date) -> Date? {
        seconds.map { receivedAt.addingTimeInterval(TimeInterval($0)) }
    }

    /// The date in "more requests available in 17524 seconds", if the message says so.
    static func availableIn(_ message: String, after receivedAt: Date) -> Date? {
        guard let range = message.range(of: "available in ") else { return nil }
        let digits = message[range.upperBound...].prefix { $0.isNumber }
        return Int(digits).map { receivedAt.addingTimeInterval(TimeInterval($0)) }
    }
}
