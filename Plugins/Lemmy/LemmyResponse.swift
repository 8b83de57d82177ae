import Foundation
import Tributary

/// Reads a `post/list` response, and turns Lemmy's error bodies into `TributaryError`s:
/// `{"error": "couldnt_find_community"}` (400, 0.18 and 0.19), 0.19's
/// `{"error": "unknown", "message": "Record not found"}` (404) and 0.18's plain-text 404.
enum LemmyResponse {
    static func decode(_ response: HTTPResponse, community: String) throws -> LemmyAPI.PostList {
        try checkStatus(response, community: community)
        do {
            return try JSONDecoder().decode(LemmyAPI.PostList.self, from: response.body)
        } catch {
            throw TributaryError(
                .badResponse,
                "\(response.answeringHost) sent something that is not Lemmy's JSON\(response.bodyKind): "
                    + "\(response.bodyExcerpt)"
            )
        }
    }

    static func checkStatus(_ response: HTTPResponse, community: String) throws {
        let error = errorBody(response)
        guard !response.isSuccess || error?.error != nil else { return }
        let host = response.answeringHost
        let code = error?.error ?? ""
        let detail = describe(error, response)
        if code == "couldnt_find_community" || response.status == 404 {
            throw TributaryError(
                .permanent,
                "\(host) knows no community \(community) (\(detail)); check \"community\" (name@instance for remote "
                    + "ones)"
            )
        }
        switch code {
        case "rate_limit_error":
            let until = RetryAfter.parse(response.header("retry-after"), now: response.receivedAt)
            throw TributaryError(.rateLimited, "\(host) is rate limiting requests (\(detail))", retryAfter: until)
        case "not_logged_in", "instance_is_private", "incorrect_login":
            throw TributaryError(
                .skipped, "\(host) shows posts only to logged-in users (\(detail)); choose a public instance")
        case "":
            try response.requireSuccess("Lemmy at \(host)")
        default:
            throw TributaryError(
                .permanent, "\(host) refused the request (\(detail)); check \"community\" and \"sort\"")
        }
    }

    static func errorBody(_ response: HTTPResponse) -> LemmyAPI.ErrorBody? {
        try? JSONDecoder().decode(LemmyAPI.ErrorBody.self, from: response.body)
    }

    /// "HTTP 404: unknown: Record not found", or the plain-text body of 0.18.
    static func describe(_ error: LemmyAPI.ErrorBody?, _ response: HTTPResponse) -> String {
        let parts = [error?.error, error?.message].compactMap { $0 }.filter { !$0.isEmpty }
        let text = parts.isEmpty ? response.bodyExcerpt : parts.joined(separator: ": ")
        return TextCleanup.truncate(
            TextCleanup.singleLine("HTTP \(response.status)" + (text.isEmpty ? "" : ": \(text)")), to: 200)
    }
}
