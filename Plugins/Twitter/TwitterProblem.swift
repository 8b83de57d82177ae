import Foundation
import Tributary

/// Tells X's error bodies apart: which 403 is "not enrolled", which 429 is a billing
/// cap (never clears at the rate-limit reset) and which is an ordinary rate limit.
enum TwitterProblem {
    static func isNotEnrolled(_ problem: TwitterAPI.ErrorBody?) -> Bool {
        problem?.reason == "client-not-enrolled" || problem?.type?.hasSuffix("/client-forbidden") == true
    }

    /// v1.1 code 453: "You currently have access to a subset of Twitter API v2 endpoints…".
    static func isV1Closed(_ problem: TwitterAPI.ErrorBody?) -> Bool {
        problem?.errors?.contains { $0.code == 453 } == true
    }

    /// `type …/usage-capped`, title `UsageCapExceeded`, or a message about credits.
    static func isUsageCap(_ problem: TwitterAPI.ErrorBody?) -> Bool {
        guard let problem else { return false }
        if problem.type?.hasSuffix("/usage-capped") == true || problem.title == "UsageCapExceeded" { return true }
        let text = phrases(problem).joined(separator: " ").lowercased()
        return text.contains("usage cap") || text.contains("credits")
    }

    /// A plain rate limit: no body, `about:blank` / "Too Many Requests", v1.1 code 88,
    /// or a problem type about rate limits. Unknown 429 problem types are not.
    static func isRateLimit(_ problem: TwitterAPI.ErrorBody?) -> Bool {
        guard let problem else { return true }
        if problem.errors?.contains(where: { $0.code == 88 }) == true { return true }
        guard let type = problem.type else {
            return problem.errors?.isEmpty != false || problem.title == "Too Many Requests"
        }
        return type == "about:blank" || type.contains("rate-limit") || type.contains("too-many-requests")
    }

    /// The body's human-readable parts, deduplicated: title, detail, then each error's message.
    static func phrases(_ problem: TwitterAPI.ErrorBody?) -> [String] {
        guard let problem else { return [] }
        var parts: [String] = []
        for text in [problem.title, problem.detail] + (problem.errors ?? []).map(phrase) {
            guard let text, !text.isEmpty, !parts.contains(text) else { continue }
            parts.append(text)
        }
        return parts
    }

    static func phrase(_ item: TwitterAPI.ErrorItem) -> String? {
        let text = item.message ?? item.detail ?? item.title
        guard let code = item.code else { return text }
        return text.map { "\($0) (code \(code))" } ?? "code \(code)"
    }
}
