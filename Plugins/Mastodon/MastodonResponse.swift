import Foundation
import Tributary

/// Reads a Mastodon response: decodes success bodies, turns `{"error": "..."}` bodies
/// into `TributaryError`s, and reads the `X-RateLimit-*` headers.
enum MastodonResponse {
    /// Decodes a 2xx body as `T` after checking the status.
    static func decode<T: Decodable>(_ type: T.Type, _ response: HTTPResponse, hasToken: Bool) throws -> T {
        try checkStatus(response, hasToken: hasToken)
        do {
            return try JSONDecoder().decode(T.self, from: response.body)
        } catch {
            throw TributaryError(
                .badResponse,
                "\(response.answeringHost) sent something that is not Mastodon's JSON\(response.bodyKind): "
                    + "\(response.bodyExcerpt)"
            )
        }
    }

    /// Throws the error a non-2xx response carries; returns for 2xx.
    static func checkStatus(_ response: HTTPResponse, hasToken: Bool) throws {
        guard !response.isSuccess else { return }
        let host = response.answeringHost
        let detail = "HTTP \(response.status)" + (errorMessage(response).map { ": \($0)" } ?? "")
        switch response.status {
        case 401 where !hasToken, 403 where !hasToken:
            throw TributaryError(
                .skipped,
                "\(host) keeps this timeline behind login (\(detail)); set MASTODON_TOKEN and add \"accessToken\": "
                    + "\"${MASTODON_TOKEN}\" (a token with read:statuses)"
            )
        case 401:
            throw TributaryError(
                .skipped,
                "\(host) refused the access token (\(detail)); set MASTODON_TOKEN to a valid token with read:statuses")
        case 403:
            throw TributaryError(.permanent, "\(host) does not allow this account to read the timeline (\(detail))")
        case 404, 410:
            throw TributaryError(
                .permanent,
                "\(host) has no such hashtag, account or timeline (\(detail)); check the entry and that it runs "
                    + "Mastodon"
            )
        case 422:
            throw TributaryError(.permanent, "\(host) rejected the request (\(detail)); check the entry's options")
        case 429:
            let until =
                RetryAfter.parse(response.header("retry-after"), now: response.receivedAt) ?? resetDate(response)
            let when = until.map { " until \(ClockTime.format($0, now: response.receivedAt))" } ?? ""
            throw TributaryError(
                .rateLimited, "\(host) is rate limiting requests (\(detail))\(when)", retryAfter: until)
        default:
            try response.requireSuccess("Mastodon at \(host)")
        }
    }

    /// The body's `error` (and `error_description`), one line, when it is Mastodon's error JSON.
    static func errorMessage(_ response: HTTPResponse) -> String? {
        guard let error = try? JSONDecoder().decode(MastodonAPI.ErrorBody.self, from: response.body)
        else { return nil }
        let text = [error.error, error.error_description].compactMap { $0 }.joined(separator: ": ")
        let line = TextCleanup.singleLine(text)
        return line.isEmpty ? nil : TextCleanup.truncate(line, to: 200)
    }

    /// `X-RateLimit-Reset`: an ISO 8601 time (`2026-11-22T05:15:00.000Z`).
    static func resetDate(_ response: HTTPResponse) -> Date? {
        response.header("x-ratelimit-reset").flatMap(ISO8601Date.parse)
    }

    /// Rate-limit facts: always in `--verbose`, in the status line when under a tenth is
    /// left, and a hold until the reset when none is left.
    static func annotate(_ update: inout SourceUpdate, with response: HTTPResponse) {
        guard let remaining = response.header("x-ratelimit-remaining").flatMap({ Int($0) }) else { return }
        let limit = response.header("x-ratelimit-limit").flatMap { Int($0) }
        let left = limit.map { "\(remaining)/\($0)" } ?? String(remaining)
        let reset = resetDate(response)
        let resets = reset.map { ", resets at \(ClockTime.format($0, now: response.receivedAt))" } ?? ""
        update.diagnostics.append("rate limit: \(left) requests left\(resets)")
        if let limit, limit > 0, remaining * 10 < limit {
            update.notes.append("rate limit low: \(left) requests left\(resets)")
        }
        if remaining == 0 { update.holdRequestsUntil = reset }
    }
}
