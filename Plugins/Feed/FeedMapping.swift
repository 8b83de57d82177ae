import Foundation
import Tributary

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
        if url.path.hasPrefix("/tags/") && url.path.hasSuffix(".rss") || generator.hasPrefix("mastodon") { return .mastodon }
        return .generic
    }
}

/// Raw entries to `FeedItem`s: pure, no I/O.
enum FeedMapping {
    static let type = "feed"

    static func item(_ entry: RawEntry, feed: RawFeed, kind wellKnown: WellKnownFeed) -> FeedItem {
        let summary = summaryText(entry)
        let image = entry.media.first(where: \.isImage)?.url
        var item = FeedItem(
            id: identifier(entry), source: "", sourceType: type, kind: kind(entry, wellKnown),
            title: title(entry, summary: summary), url: entry.link.flatMap(URL.init(string:)),
            author: author(entry, feed: feed, wellKnown), published: FeedDates.parse(entry.published ?? entry.updated),
            summary: summary, thumbnail: thumbnail(entry, image: image).flatMap(URL.init(string:)),
            image: image.flatMap(URL.init(string:)), tags: entry.categories.map(TextCleanup.singleLine).filter { !$0.isEmpty }
        )
        if wellKnown == .stackOverflow || entry.rank != nil { item.score = entry.rank.flatMap(Double.init) }
        if item.kind == .photo, item.image == nil, let link = entry.link, FeedURLs.looksLikeImage(link) {
            item.image = URL(string: link)
        }
        return item
    }

    /// guid or id, else the link, else a stable hash of title and date.
    static func identifier(_ entry: RawEntry) -> String {
        if let id = entry.id.map(TextCleanup.singleLine), !id.isEmpty { return id }
        if let link = entry.link, !link.isEmpty { return link }
        return "sha:" + StableHash.hex("\(entry.title ?? "")\n\(entry.published ?? entry.updated ?? "")")
    }

    static func kind(_ entry: RawEntry, _ wellKnown: WellKnownFeed) -> ItemKind {
        switch wellKnown {
        case .stackOverflow: return .question
        case .flickr: return .photo
        case .mastodon: return .post
        case .generic:
            if entry.rank != nil { return .question }
            if let link = entry.link, FeedURLs.looksLikeImage(link) { return .photo }
            let hasText = !(entry.title ?? "").isEmpty || !(entry.content ?? entry.summary ?? "").isEmpty
            return !hasText && entry.media.contains(where: \.isImage) ? .photo : .article
        }
    }

    static func title(_ entry: RawEntry, summary: String?) -> String {
        let raw = entry.title ?? ""
        let title = entry.titleIsHTML ? TextCleanup.plainText(fromHTML: raw) : TextCleanup.decodedLine(raw)
        if !title.isEmpty { return title }
        if let summary, !summary.isEmpty { return TextCleanup.truncate(summary, to: 120) }
        return "(untitled)"
    }

    /// Plain text of the summary (or the content), from its first 1.5 KB.
    static func summaryText(_ entry: RawEntry) -> String? {
        guard let html = entry.summary ?? entry.content else { return nil }
        let head = html.utf8.count > 1536 ? String(decoding: html.utf8.prefix(1536), as: UTF8.self) : html
        let text = TextCleanup.truncate(TextCleanup.plainText(fromHTML: head), to: 500)
        return text.isEmpty ? nil : text
    }

    static func thumbnail(_ entry: RawEntry, image: String?) -> String? {
        if let thumbnail = entry.thumbnail { return thumbnail }
        if let image { return image }
        if let inline = entry.inlineImage { return inline }
        let html = [entry.content, entry.summary].compactMap { $0 }
        return html.lazy.compactMap(FeedURLs.firstImage(inHTML:)).first.map { FeedURLs.resolve($0, against: entry.base) }
    }

    /// `author`, `dc:creator` or `itunes:author`, else the feed's; RSS's "email (Name)"
    /// reads as Name. Mastodon items have none: the account comes from the link's `/@user/` path.
    static func author(_ entry: RawEntry, feed: RawFeed, _ wellKnown: WellKnownFeed) -> String? {
        if var author = (entry.author ?? feed.author).map(withoutTags).map(TextCleanup.singleLine), !author.isEmpty {
            if author.utf8.last == UInt8(ascii: ")"), let open = author.firstIndex(of: "("), author[..<open].contains("@") {
                author = String(author[author.index(after: open)..<author.index(before: author.endIndex)])
            }
            return author
        }
        guard wellKnown == .mastodon, let link = entry.link.flatMap(URL.init(string:)), let host = link.host else { return nil }
        return link.pathComponents.first(where: { $0.hasPrefix("@") }).map { "\($0)@\(host)" }
    }

    /// An author as markup (arXiv's `dc:creator` links each name): the text, tags dropped
    /// without the space `plainText` puts in their place, so "<a>A</a>, <a>B</a>" reads "A, B".
    static func withoutTags(_ author: String) -> String {
        guard author.utf8.contains(UInt8(ascii: "<")) else { return author }
        var kept: [UInt8] = []
        var inTag = false
        for byte in author.utf8 {
            if byte == UInt8(ascii: "<") { inTag = true } else if byte == UInt8(ascii: ">") { inTag = false } else if !inTag { kept.append(byte) }
        }
        return HTMLEntities.decode(String(decoding: kept, as: UTF8.self))
    }
}
