import Foundation
import Tributary

/// Reads a Flickr response: unwraps and repairs the body, decodes it, and turns
/// `stat: fail` codes and HTTP statuses into what the host understands.
enum FlickrResponse {
    static func searchPage(_ response: HTTPResponse) throws -> FlickrAPI.PhotoPage {
        let result = try decode(FlickrAPI.SearchResponse.self, response)
        guard let page = result.photos else {
            throw TributaryError(
                .badResponse,
                "Flickr answered \"stat\": \"\(result.stat ?? "?")\" without \"photos\": \(response.bodyExcerpt)")
        }
        return page
    }

    static func feed(_ response: HTTPResponse) throws -> FlickrAPI.Feed {
        try decode(FlickrAPI.Feed.self, response)
    }

    /// Decodes `T` after checking for a `stat: fail` body and a failed HTTP status.
    static func decode<T: Decodable>(_ type: T.Type, _ response: HTTPResponse) throws -> T {
        let json = FlickrBody.json(response.body)
        let decoder = JSONDecoder()
        guard let envelope = try? decoder.decode(FlickrAPI.Envelope.self, from: json) else {
            try response.requireSuccess("Flickr")
            throw notJSON(response)
        }
        if envelope.stat == "fail" { throw failure(envelope) }
        try response.requireSuccess("Flickr")
        do {
            return try decoder.decode(T.self, from: json)
        } catch {
            throw notJSON(response)
        }
    }

    /// The error a `stat: fail` body stands for; Flickr sends these with HTTP 200.
    static func failure(_ envelope: FlickrAPI.Envelope) -> TributaryError {
        let code = envelope.code?.value
        let upstream = TextCleanup.singleLine(envelope.message ?? "no message")
        let detail = "code \(code.map(String.init) ?? "?"): \(upstream)"
        switch code {
        case 100:
            return TributaryError(
                .permanent,
                "Flickr rejected the API key as invalid or expired (\(detail)); set \(FlickrSource.keyVariable) to a "
                    + "working key (new keys need Flickr Pro) or use \"mode\": \"public\" for the keyless feed"
            )
        case 105, 10:
            return TributaryError(.transient, "Flickr service is temporarily unavailable (\(detail)); try again later")
        case 1, 2, 3, 4, 5, 11, 12, 17, 18:
            return TributaryError(
                .permanent, "Flickr rejected the search (\(detail)); check text, tags, tagMode and sort")
        default:
            return TributaryError(.permanent, "Flickr error (\(detail))")
        }
    }

    static func notJSON(_ response: HTTPResponse) -> TributaryError {
        TributaryError(
            .badResponse, "Flickr sent something that is not its JSON\(response.bodyKind): \(response.bodyExcerpt)")
    }

    /// "4,120 results" in the status; paging facts in `--verbose`.
    static func annotate(_ update: inout SourceUpdate, with page: FlickrAPI.PhotoPage) {
        if let total = page.total?.value {
            update.notes.append(total == 1 ? "1 result" : "\(DecimalText.grouped(total)) results")
            if total > 4000 { update.diagnostics.append("Flickr serves at most the first 4,000 results of a search") }
        }
        if let pages = page.pages?.value, let perPage = page.perpage?.value {
            let number = page.page?.value ?? 1
            update.diagnostics.append(
                "page \(DecimalText.grouped(number)) of \(DecimalText.grouped(pages)), \(perPage) per page")
        }
    }
}
