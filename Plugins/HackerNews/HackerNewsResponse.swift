import Foundation
import Tributary

/// Reads an HN Search response: decodes a page, or turns Algolia's
/// `{"message": ..., "status": ...}` error bodies into `TributaryError`s.
enum HackerNewsResponse {
    static let name = "HN Search (Algolia)"

    static func decode(_ response: HTTPResponse) throws -> HackerNewsAPI.SearchResponse {
        try checkStatus(response)
        do {
            return try JSONDecoder().decode(HackerNewsAPI.SearchResponse.self, from: response.body)
        } catch {
            throw TributaryError(
                .badResponse,
                "\(name) sent something that is not its search JSON\(response.bodyKind): \(response.bodyExcerpt)")
        }
    }

    /// Throws the error a non-2xx response carries, quoting Algolia's message.
    static func checkStatus(_ response: HTTPResponse) throws {
        guard !response.isSuccess else { return }
        let message = errorMessage(response)
        let detail = "HTTP \(response.status)" + (message.map { ": \($0)" } ?? "")
        switch response.status {
        case 400:
            throw TributaryError(
                .permanent, "\(name) rejected the search (\(detail)); check query, tags and numericFilters")
        case 429:
            let retryAfter = RetryAfter.parse(response.header("retry-after"), now: response.receivedAt)
            throw TributaryError(
                .rateLimited, "\(name) is rate limiting this IP (\(detail); at most 10,000 requests an hour)",
                retryAfter: retryAfter)
        case 500...599:
            throw TributaryError(.transient, "\(name) is failing (\(detail)); try again later")
        default:
            guard let message else { return try response.requireSuccess(name) }
            throw TributaryError(.permanent, "\(name) error (HTTP \(response.status): \(message))")
        }
    }

    /// Algolia's `message`, made one line, when the body is its error JSON.
    static func errorMessage(_ response: HTTPResponse) -> String? {
        guard let error = try? JSONDecoder().decode(HackerNewsAPI.ErrorBody.self, from: response.body),
            let message = error.message.map(TextCleanup.singleLine), !message.isEmpty
        else { return nil }
        return TextCleanup.truncate(message, to: 200)
    }
}
