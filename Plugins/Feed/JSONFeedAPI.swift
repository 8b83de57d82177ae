import Foundation
import Tributary

/// JSON Feed 1.0 and 1.1 (https://jsonfeed.org/version/1.1), as sent; every field optional.
struct JSONFeedDocument: Decodable {
    var version: String?
    var title: String?
    var home_page_url: String?
    /// JSON Feed 1.0.
    var author: JSONFeedAuthor?
    /// JSON Feed 1.1.
    var authors: [JSONFeedAuthor]?
    var items: [JSONFeedItem]?
}

struct JSONFeedItem: Decodable {
    var id: LenientString?
    var url: String?
    var external_url: String?
    var title: String?
    var content_html: String?
    var content_text: String?
    var summary: String?
    var image: String?
    var banner_image: String?
    var date_published: String?
    var date_modified: String?
    /// JSON Feed 1.0.
    var author: JSONFeedAuthor?
    /// JSON Feed 1.1.
    var authors: [JSONFeedAuthor]?
    var tags: [String]?
    var attachments: [JSONFeedAttachment]?
}

struct JSONFeedAuthor: Decodable {
    var name: String?
}

struct JSONFeedAttachment: Decodable {
    var url: String?
    var mime_type: String?
}

/// An id the spec says is a string but that some generators send as a number.
struct LenientString: Decodable {
    var value: String

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            value = text
        } else {
            value = String(describing: try container.decode(Double.self)).replacingOccurrences(of: ".0", with: "")
        }
    }
}

extension JSONFeedDocument {
    /// Decodes a JSON Feed and turns its first `limit` items into the common raw form.
    static func read(_ data: Data, documentURL: String, limit: Int?) throws -> (RawFeed, EntryBatch) {
        let document: JSONFeedDocument
        do {
            document = try JSONDecoder().decode(JSONFeedDocument.self, from: data)
        } catch {
            throw TributaryError(.badResponse, "the document starts with { but is not a valid JSON Feed", cause: "\(error)")
        }
        guard document.version?.hasPrefix("https://jsonfeed.org/version/") == true || document.items != nil else {
            throw TributaryError(.badResponse, "the JSON document is not a JSON Feed (no version or items)")
        }
        var feed = RawFeed(format: .jsonFeed)
        feed.title = document.title
        feed.link = document.home_page_url
        feed.author = document.authors?.compactMap(\.name).first ?? document.author?.name
        var batch = EntryBatch()
        for item in (document.items ?? []).prefix(limit ?? .max) { item.add(to: &batch, base: documentURL) }
        return (feed, batch)
    }
}

extension JSONFeedItem {
    func add(to batch: inout EntryBatch, base: String) {
        var entry = RawEntry(base: base, categories: batch.categoryRun())
        entry.id = batch.add(id?.value)
        entry.title = batch.add(title)
        entry.link = batch.add(url ?? external_url).map { RawURL(text: $0, base: base) }
        entry.published = batch.add(date_published.map(TextCleanup.trimmed))
        entry.updated = batch.add(date_modified.map(TextCleanup.trimmed))
        entry.author = batch.add(authors?.compactMap(\.name).first ?? author?.name)
        entry.summary = batch.add(summary ?? content_text)
        entry.content = batch.add(content_html ?? content_text)
        for tag in tags ?? [] { batch.addCategory(batch.add(tag)) }
        entry.categories = batch.categoryRun(from: entry.categories.lowerBound)
        entry.thumbnail = batch.add(image ?? banner_image).map { RawURL(text: $0, base: base) }
        entry.media = (attachments ?? []).compactMap { attachment in
            batch.add(attachment.url).map { RawMedia(url: RawURL(text: $0, base: base), type: batch.add(attachment.mime_type)) }
        }
        batch.append(entry)
    }
}
