import Foundation
import Tributary

/// Reads an X response: decodes success bodies, turns error bodies (v2 problem+json,
/// v1.1 `errors`) into `TributaryError`s, and reports the rate-limit headers.
enum TwitterResponse {
    static let name = "X"

    /// Decodes a 2xx body as `T`, or says plainly what came instead.
    static func decode<T: Decodable>(_ type: T.Type, _ response: HTTPResponse) throws -> T {
        do {
            return try JSONDecoder().decode(T.self, from: response.body)
        } catch {
            throw TributaryError(
                .badResponse,
                "X sent something that is not its search JSON\(response.bodyKind): \(response.bodyExcerpt)")
        }
    }

    /// Throws the error a non-2xx response carries; returns for 2xx.
    static func checkStatus(_ response: HTTPResponse) throws {
        guard !response.isSuccess else { return }
        let problem = errorBody(response)
        let detail = describe(problem, status: response.status)
        switch response.status {
        case 401:
            throw TributaryError(
                .permanent, "access denied: the bearer token was refused (\(detail)); check TWITTER_BEARER_TOKEN")
        case 403:
            throw forbidden(problem, detail)
        case 429 where TwitterProblem.isUsageCap(problem):
            throw TributaryError(
                .permanent,
                "X usage cap reached (\(detail)): not retryable, the cap does not clear at the rate-limit reset; add "
                    + "credits or raise the cap in the X Developer Console"
            )
        case 429 where TwitterProblem.isRateLimit(problem):
            throw rateLimited(response, detail)
        case 429, 402:
            throw TributaryError(
                .permanent,
                "X blocked the request (\(detail)): not retryable; check the app's credits and access in the X "
                    + "Developer Console"
            )
        case 400:
            throw TributaryError(.permanent, "X rejected the search (\(detail)); check \"query\" and \"limit\"")
        default:
            try response.requireSuccess(name)
        }
    }

    static func forbidden(_ problem: TwitterAPI.ErrorBody?, _ detail: String) -> TributaryError {
        if TwitterProblem.isNotEnrolled(problem) {
            return TributaryError(
                .permanent,
                "X refused this app search access (\(detail)): search needs a paid X developer app attached to a "
                    + "Project (pay-per-use credits); see the twitter source's README"
            )
        }
        if TwitterProblem.isV1Closed(problem) {
            return TributaryError(
                .permanent, "X no longer serves v1.1 search to this app (\(detail)); use \"api\": \"v2\"")
        }
        return TributaryError(
            .permanent, "X refused access (\(detail)); check the app's access level in the X Developer Console")
    }

    static func rateLimited(_ response: HTTPResponse, _ detail: String) -> TributaryError {
        let reset = resetDate(response) ?? RetryAfter.parse(response.header("retry-after"), now: response.receivedAt)
        let until = reset.map { "; rate limited until \(ClockTime.format($0, now: response.receivedAt))" } ?? ""
        return TributaryError(
            .rateLimited, "X is rate limiting this app's searches (\(detail))\(until)", retryAfter: reset)
    }

    /// The error body when it is one of X's JSON shapes.
    static func errorBody(_ response: HTTPResponse) -> TwitterAPI.ErrorBody? {
        try? JSONDecoder().decode(TwitterAPI.ErrorBody.self, from: response.body)
    }

    /// "HTTP 429: UsageCapExceeded: Usage cap exceeded: Monthly product cap".
    static func describe(_ problem: TwitterAPI.ErrorBody?, status: Int) -> String {
        let parts = TwitterProblem.phrases(problem)
        let text = parts.isEmpty ? "" : ": " + parts.joined(separator: ": ")
        return TextCleanup.truncate(TextCleanup.singleLine("HTTP \(status)\(text)"), to: 300)
    }

    /// `x-rate-limit-reset` (Unix seconds) as a date.
    static func resetDate(_ response: HTTPResponse) -> Date? {
        guard
            let value = response.header("x-rate-limit-reset").flatMap({
                Double($0.trimmingCharacters(in: .whitespaces))
            })
        else { return nil }
        return Date(timeIntervalSince1970: value)
    }

    /// Rate-limit headers: always in `--verbose` ("rate limit: 447/450 requests left,
    /// resets at 14:05 UTC"), and in the status line when under a tenth is left.
    static func annotate(_ update: inout SourceUpdate, with response: HTTPResponse) {
        guard let remaining = response.header("x-rate-limit-remaining") else { return }
        let limit = response.header("x-rate-limit-limit")
        let left = limit.map { "\(remaining)/\($0)" } ?? remaining
        let reset = resetDate(response).map { ", resets at \(ClockTime.format($0, now: response.receivedAt))" } ?? ""
        update.diagnostics.append("rate limit: \(left) requests left\(reset)")
        if let used = Int(remaining), let total = limit.flatMap(Int.init), total > 0, used * 10 < total {
            update.notes.append("rate limit low: \(left) requests left\(reset)")
        }
    }
}
