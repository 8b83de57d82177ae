import Foundation
import Tributary

/// JSON Feed 1.0 and 1.1 (https://jsonfeed.org/version/1.1), as sent: every field
/// optional, and a field of another type than the spec's reads as absent.
struct JSONFeedDocument {
    var version: String?
    var title: String?
    var home_page_url: String?
    /// JSON Feed 1.0.
    var author: JSONFeedAuthor?
    /// JSON Feed 1.1.
    var authors: [JSONFeedAuthor]?
    var items: [JSONFeedItem]?

    init(_ json: [String: JSONValue]) {
        version = json["version"]?.stringValue
        title = json["title"]?.stringValue
        home_page_url = json["home_page_url"]?.stringValue
        author = json["author"]?.object.map(JSONFeedAuthor.init)
        authors = json["authors"]?.objects.map { $0.map(JSONFeedAuthor.init) }
        items = json["items"]?.objects.map { $0.map(JSONFeedItem.init) }
    }
}

struct JSONFeedItem {
    /// A string, or a number as some generators send it.
    var id: String?
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

    init(_ json: [String: JSONValue]) {
        id = json["id"]?.stringValue ?? json["id"]?.numberText
        url = json["url"]?.stringValue
        external_url = json["external_url"]?.stringValue
        title = json["title"]?.stringValue
        content_html = json["content_html"]?.stringValue
        content_text = json["content_text"]?.stringValue
        summary = json["summary"]?.stringValue
        image = json["image"]?.stringValue
        banner_image = json["banner_image"]?.stringValue
        date_published = json["date_published"]?.stringValue
        date_modified = json["date_modified"]?.stringValue
        author = json["author"]?.object.map(JSONFeedAuthor.init)
        authors = json["authors"]?.objects.map { $0.map(JSONFeedAuthor.init) }
        tags = json["tags"]?.array.map { $0.compactMap(\.stringValue) }
        attachments = json["attachments"]?.objects.map { $0.map(JSONFeedAttachment.init) }
    }
}

struct JSONFeedAuthor {
    var name: String?

    init(_ json: [String: JSONValue]) {
        name = json["name"]?.stringValue
    }
}

struct JSONFeedAttachment {
    var url: String?
    var mime_type: String?
    /// A number, kept as its digits.
    var size_in_bytes: String?
    /// A number, kept as its digits.
    var duration_in_seconds: String?

    init(_ json: [String: JSONValue]) {
        url = json["url"]?.stringValue
        mime_type = json["mime_type"]?.stringValue
        size_in_bytes = json["size_in_bytes"]?.numberText
        duration_in_seconds = json["duration_in_seconds"]?.numberText
    }
}

private extension JSONValue {
    var object: [String: JSONValue]? {
        if case .object(let members) = self { members } else { nil }
    }

    var array: [JSONValue]? {
        if case .array(let elements) = self { elements } else { nil }
    }

    /// The objects of an array, leaving out any other element.
    var objects: [[String: JSONValue]]? {
        array?.compactMap(\.object)
    }

    /// A number as its digits: `1` for 1.0, else as Swift writes it.
    var numberText: String? {
        guard case .number(let value) = self else { return nil }
        return intValue.map(String.init) ?? String(describing: value)
    }
}

extension JSONFeedDocument {
    /// Decodes a JSON Feed and turns its first `limit` items into the common raw form; the
    /// diagnostic says what was replaced with U+FFFD, and where first.
    static func read(
        _ data: Data, documentURL: String, limit: Int?
    ) throws -> (RawFeed, EntryBatch, diagnostic: String?) {
        let parsed: (JSONValue, JSONReader.Repairs)
        do {
            parsed = try JSONReader.parse(data, as: .remote)
        } catch {
            throw TributaryError(.badResponse, "the document starts with { but is not valid JSON: \(error.description)")
        }
        guard case .object(let json) = parsed.0, case let document = JSONFeedDocument(json),
            document.version?.hasPrefix("https://jsonfeed.org/version/") == true || document.items != nil
        else {
            throw TributaryError(.badResponse, "the JSON document is not a JSON Feed (no version or items)")
        }
        var feed = RawFeed(format: .jsonFeed)
        feed.title = document.title
        feed.link = document.home_page_url
        feed.author = document.authors?.compactMap(\.name).first ?? document.author?.name
        var batch = EntryBatch()
        for item in (document.items ?? []).prefix(limit ?? .max) { item.add(to: &batch, base: documentURL) }
        let repairs = parsed.1
        let diagnostic = repairs.firstOffset.map { offset in
            repairs.count == 1
                ? "replaced an invalid UTF-8 sequence or lone surrogate with U+FFFD, at byte \(offset)"
                : "replaced \(repairs.count) invalid UTF-8 sequences or lone surrogates with U+FFFD, "
                    + "the first at byte \(offset)"
        }
        return (feed, batch, diagnostic)
    }
}

extension JSONFeedItem {
    func add(to batch: inout EntryBatch, base: String) {
        var entry = RawEntry(base: base, categories: batch.categoryRun())
        entry.id = batch.add(id)
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
            batch.add(attachment.url).map {
                var media = RawMedia(url: RawURL(text: $0, base: base), type: batch.add(attachment.mime_type))
                media.length = batch.add(attachment.size_in_bytes)
                media.duration = batch.add(attachment.duration_in_seconds)
                return media
            }
        }
        batch.append(entry)
    }
}
