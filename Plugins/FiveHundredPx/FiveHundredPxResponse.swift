import Foundation
import Tributary

/// Reads a 500px response: classifies its refusals (whose causes are permanent) and
/// decodes its page. Messages never contain the consumer key.
enum FiveHundredPxResponse {
    static let shutdown =
        "500px shut its public API down on 2018-06-15, so no consumer key works against api.500px.com any more"

    static func decode(_ response: HTTPResponse, key: Secret) throws -> FiveHundredPxAPI.Page {
        let page = try? JSONDecoder().decode(FiveHundredPxAPI.Page.self, from: response.body)
        if !response.isSuccess || (page?.photos == nil && page?.error != nil) {
            try refusal(
                response, upstream: page?.error, status: response.isSuccess ? page?.status : response.status, key: key)
        }
        guard let page, page.photos != nil else {
            let what = response.mediaType.map { " (\($0))" } ?? ""
            let excerpt = Redaction.redact(response.bodyExcerpt, secrets: [key])
            throw TributaryError(.badResponse, "500px sent something that is not a v1 photos page\(what): \(excerpt)")
        }
        return page
    }

    /// Throws the error an error answer carries.
    static func refusal(_ response: HTTPResponse, upstream: String?, status: Int?, key: Secret) throws {
        let said = upstream ?? (response.mediaType == "application/json" ? nil : response.bodyExcerpt)
        let quoted = said.map { Redaction.redact(TextCleanup.singleLine($0), secrets: [key]) }
        let detail = "HTTP \(status ?? response.status)" + (quoted.map { ": \($0)" } ?? "")
        switch status ?? response.status {
        case 401:
            throw TributaryError(
                .permanent,
                "500px refused the consumer key: missing or not authorized (\(detail)); set "
                    + "FIVEHUNDREDPX_CONSUMER_KEY to a key the server accepts"
            )
        case 403 where quoted?.localizedCaseInsensitiveContains("deactivated") == true:
            throw TributaryError(
                .permanent,
                "500px refused the request: the application is deactivated (\(detail)); \(shutdown). Point baseURL "
                    + "at a server that speaks the v1 API, or set \"enabled\": false"
            )
        case 403:
            throw TributaryError(
                .permanent,
                "500px refused access (\(detail)); check the consumer key and that baseURL speaks the v1 API")
        default:
            try response.requireSuccess("500px")
            throw TributaryError(.permanent, "500px answered with an error (\(detail))")
        }
    }
}
