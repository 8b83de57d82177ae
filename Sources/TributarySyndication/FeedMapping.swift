import Foundation
import Tributary
import TributaryBytes

/// Well-known feeds that get their own kind and score.
enum WellKnownFeed: Equatable {
    case generic, stackOverflow, flickr, mastodon

    /// Recognises a feed from its URL and, failing that, from what it says about itself.
    static func recognise(url: URL, feed: RawFeed) -> WellKnownFeed {
        let host = url.host?.lowercased() ?? ""
        let generator = feed.generator?.lowercased() ?? ""
        if host == "stackoverflow.com" || host.hasSuffix(".stackoverflow.com") || host.hasSuffix("stackexchange.com") {
            return .stackOverflow
        }
        if host.hasSuffix("flickr.com") || generator.contains("flickr") { return .flickr }
        if url.path.hasPrefix("/tags/") && url.path.hasSuffix(".rss") || generator.hasPrefix("mastodon") {
            return .mastodon
        }
        return .generic
    }
}

/// Raw entries to `FeedItem`s: pure, no I/O. Each item's strings are made once, already
/// cleaned, from the bytes of its batch.
enum FeedMapping {
    static let type = "feed"

    /// Every entry of a batch as an item, in order.
    static func items(_ batch: EntryBatch, feed: RawFeed, kind: WellKnownFeed) -> [FeedItem] {
        var items: [FeedItem] = []
        items.reserveCapacity(batch.count)
        append(batch, to: &items, feed: feed, kind: kind)
        return items
    }

    /// Every entry of a batch as an item, in order, appended to `items` (a large document's
    /// items go straight into one array, not through an array per batch).
    static func append(_ batch: EntryBatch, to items: inout [FeedItem], feed: RawFeed, kind: WellKnownFeed) {
        batch.forEachEntry { entry, text in items.append(item(entry, text, feed: feed, kind: kind)) }
    }

    static func item(_ entry: RawEntry, _ text: EntryText, feed: RawFeed, kind wellKnown: WellKnownFeed) -> FeedItem {
        let link = (entry.link ?? guidLink(entry, text) ?? entry.contentSource).map(text.resolved)
        let summary = summaryText(entry, text)
        let image = entry.media.first { isImage($0, text) }.map { text.resolved($0.url) }
        var item = FeedItem(
            id: identifier(entry, text, link: link), source: "", sourceType: type,
            kind: kind(entry, text, link: link, wellKnown),
            title: title(entry, text, summary: summary), author: author(entry, text, link: link, feed: feed, wellKnown),
            published: (entry.published ?? entry.updated ?? entry.created).flatMap {
                FeedDates.parse(utf8: text.bytes($0))
            },
            summary: summary, tags: tags(entry, text), enclosures: enclosures(entry, text)
        )
        // Addresses as `URL` would write them, without a `URL` per address (see `WebAddress`).
        item.urlString = link.flatMap(WebAddress.absoluteString)
        item.thumbnailString = thumbnail(entry, text, image: image).flatMap(WebAddress.absoluteString)
        item.imageString = image.flatMap(WebAddress.absoluteString)
        if wellKnown == .stackOverflow || entry.rank != nil {
            item.score = text.trimmedString(entry.rank).flatMap(Double.init)
        }
        if item.kind == .photo, item.imageString == nil, let link, FeedURLs.looksLikeImage(link) {
            item.imageString = WebAddress.absoluteString(link)
        }
        return item
    }

    /// guid or id (a relative one resolved against an explicit `xml:base`), else the link, else RSS 1.0's `rdf:about`, else a stable hash of title and date.
    static func identifier(_ entry: RawEntry, _ text: EntryText, link: String?) -> String {
        if let id = entry.id.map({ TextCleanup.singleLine(utf8: text.bytes($0)) }), !id.isEmpty {
            return entry.idBase.map { FeedURLs.resolve(id, against: $0) } ?? id
        }
        if let link, !link.isEmpty { return link }
        if let about = entry.about.map(text.resolved), !about.isEmpty { return about }
        let date = text.trimmedString(entry.published ?? entry.updated) ?? ""
        return "sha:" + StableHash.hex("\(text.string(entry.title) ?? "")\n\(date)")
    }

    static func kind(_ entry: RawEntry, _ text: EntryText, link: String?, _ wellKnown: WellKnownFeed) -> ItemKind {
        switch wellKnown {
        case .stackOverflow: return .question
        case .flickr: return .photo
        case .mastodon: return .post
        case .generic:
            if entry.rank != nil { return .question }
            if let link, FeedURLs.looksLikeImage(link) { return .photo }
            let hasText = !text.isEmpty(entry.title) || !text.isEmpty(entry.content ?? entry.summary)
            return !hasText && entry.media.contains { isImage($0, text) } ? .photo : .article
        }
    }

    /// Whether attached media is an image: by its type, else by its URL's extension.
    static func isImage(_ media: RawMedia, _ text: EntryText) -> Bool {
        guard let type = text.string(media.type)?.lowercased(), !type.isEmpty else {
            return FeedURLs.looksLikeImage(text.resolved(media.url))
        }
        return type.hasPrefix("image")
    }

    /// The categories as one-line tags, double encoding undone, empty ones dropped.
    static func tags(_ entry: RawEntry, _ text: EntryText) -> [String] {
        let spans = text.categories(of: entry)
        guard !spans.isEmpty else { return [] }
        var tags: [String] = []
        tags.reserveCapacity(spans.count)
        for span in spans {
            let tag = text.withRepairedBytes(span) { TextCleanup.singleLine(utf8: $0) }
            if !tag.isEmpty { tags.append(tag) }
        }
        return tags
    }

    static func title(_ entry: RawEntry, _ text: EntryText, summary: String?) -> String {
        let title = entry.title.map { span in text.withRepairedBytes(span) { line($0, entry.titleType) } }
        if let title, !title.isEmpty { return title }
        if let summary, !summary.isEmpty { return TextCleanup.truncate(summary, to: 120) }
        return "(untitled)"
    }

    /// Plain text of the summary (or the content, or a summary in another namespace),
    /// from its first 1.5 KB.
    static func summaryText(_ entry: RawEntry, _ text: EntryText) -> String? {
        let field =
            entry.summary.map { ($0, entry.summaryType) } ?? entry.content.map { ($0, entry.contentType) }
            ?? entry.otherSummary.map { ($0, FeedTextType.markup) }
        guard let (span, type) = field else { return nil }
        let limit = type == .base64 ? Int.max : 1536
        let plain = text.withRepairedBytes(span, upTo: limit) { TextCleanup.truncate(plainText($0, type), to: 500) }
        return plain.isEmpty ? nil : plain
    }

    static func thumbnail(_ entry: RawEntry, _ text: EntryText, image: String?) -> String? {
        if let thumbnail = entry.thumbnail { return text.resolved(thumbnail) }
        if let image { return image }
        if let inline = entry.inlineImage { return inline }
        for html in [entry.content, entry.summary].compactMap({ $0 }) {
            if let source = FeedURLs.firstImage(inHTML: text.bytes(html)) {
                return FeedURLs.resolve(source, against: entry.base)
            }
        }
        return nil
    }

    /// `author`, `dc:creator` or `itunes:author`, else the Atom `source`'s, else the feed's.
    /// Mastodon items have none: the account comes from the link's `/@user/` path.
    static func author(_ entry: RawEntry, _ text: EntryText, link: String?, feed: RawFeed, _ wellKnown: WellKnownFeed)
        -> String?
    {
        let raw = (entry.author ?? entry.sourceAuthor).map { span in
            text.withRepairedBytes(span) { String(decoding: $0, as: UTF8.self) }
        }
        if let author = (raw ?? feed.author.map { DoubleEncodedText.undone($0) }).map(withoutTags).map(
            TextCleanup.singleLine), !author.isEmpty
        {
            return name(fromRSSAuthor: author)
        }
        guard wellKnown == .mastodon, let link = link.flatMap(URL.init(string:)), let host = link.host else {
            return nil
        }
        return link.pathComponents.first(where: { $0.hasPrefix("@") }).map { "\($0)@\(host)" }
    }
}
