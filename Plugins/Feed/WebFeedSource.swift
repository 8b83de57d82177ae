import Foundation
import Tributary
import TributarySyndication

/// Any RSS 0.9x/1.0/2.0, Atom 0.3/1.0, CDF or JSON Feed 1.0/1.1 document, over HTTP(S) or from
/// a local `file://` path; the format is detected from the content, not the URL.
public struct WebFeedSource: FeedSource {
    public static let type = "feed"
    public static let summary = "any RSS, Atom or JSON Feed, from an http(s) or file:// URL"
    public static let options = WebFeedOptions.specs

    let url: URL
    let limit: Int?

    public init(entry: SourceEntry) throws {
        guard let url = WebFeedOptions(entry).url else { throw entry.invalid("url", "a feed URL is required") }
        self.url = url
        limit = entry.limit.flatMap { $0 > 0 ? $0 : nil }
    }

    public func signal(in context: SourceContext) -> Signal<SourceUpdate> {
        Signal.once {
            if url.isFileURL { return try await FeedDocument.read(file: url, limit: limit) }
            return try await update(from: try await context.http.send(HTTPRequest(url: url)))
        }
    }

    /// Maps an HTTP response to a snapshot, or throws the error it carries.
    public func update(from response: HTTPResponse) async throws -> SourceUpdate {
        try response.requireSuccess()
        return try await FeedDocument.read(
            body: response.body, documentURL: url, limit: limit, mediaType: response.mediaType,
            contentType: response.header("content-type"), contentLocation: response.header("content-location")
        )
    }
}
