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
        unsafe batch.forEachEntry { entry, text in unsafe items.append(item(entry, text, feed: feed, kind: kind)) }
    }

    static func item(_ entry: RawEntry, _ text: EntryText, feed: RawFeed, kind wellKnown: WellKnownFeed) -> FeedItem {
        let link = unsafe (entry.link ?? guidLink(entry, text) ?? entry.contentSource).map(text.resolved)
        let summary = unsafe summaryText(entry, text)
        let image = entry.media.first { unsafe isImage($0, text) }.map { unsafe text.resolved($0.url) }
        let kind = unsafe kind(entry, text, link: link, wellKnown, summary: summary)
        var item = unsafe FeedItem(
            id: identifier(entry, text, link: link), source: "", sourceType: type, kind: kind,
            title: title(entry, text, summary: summary), author: author(entry, text, link: link, feed: feed, wellKnown),
            published: (entry.published ?? entry.updated ?? entry.created).flatMap {
                unsafe FeedDates.parse(utf8: text.bytes($0)).map(Date.init(timeIntervalSince1970:))
            },
            summary: summary, tags: unsafe tags(entry, text), enclosures: unsafe enclosures(entry, text)
        )
        // Addresses as `URL` would write them, without a `URL` per address (see `WebAddress`).
        item.urlString = link.flatMap(WebAddress.absoluteString)
        item.thumbnailString = unsafe thumbnail(entry, text, image: image).flatMap(WebAddress.absoluteString)
        item.imageString = image.flatMap(WebAddress.absoluteString)
        if wellKnown == .stackOverflow || entry.rank != nil {
            item.score = unsafe text.trimmedString(entry.rank).flatMap(Double.init)
        }
        if kind == .photo, item.imageString == nil, let link, FeedURLs.looksLikeImage(link) {
            item.imageString = WebAddress.absoluteString(link)
        }
        return item
    }

    /// Settles which of a generic feed's items are photos once all of them are read: where
    /// at least three in four are mostly one picture (`kind`), those are photos, shown with
    /// their picture; elsewhere (a blog with a few short posts around a picture) they are
    /// articles. An item whose link is an image stays a photo.
    static func settlePhotos(_ items: inout [FeedItem], kind wellKnown: WellKnownFeed) {
        guard wellKnown == .generic else { return }
        let pictured = items.indices.filter {
            items[$0].kind == .photo && !(items[$0].urlString.map(FeedURLs.looksLikeImage) ?? false)
        }
        guard !pictured.isEmpty else { return }
        let photoFeed = pictured.count * 4 >= items.count * 3
        for index in pictured {
            if photoFeed {
                if items[index].imageString == nil { items[index].imageString = items[index].thumbnailString }
            } else {
                items[index].kind = .article
            }
        }
    }

    /// guid or id (a relative one resolved against an explicit `xml:base`), else the link, else RSS 1.0's `rdf:about`, else a stable hash of title and date.
    static func identifier(_ entry: RawEntry, _ text: EntryText, link: String?) -> String {
        if let id = entry.id.map({ unsafe TextCleanup.lineCleaner.line(text.bytes($0)) }), !id.isEmpty {
            return entry.idBase.map { FeedURLs.resolve(id, against: $0) } ?? id
        }
        if let link, !link.isEmpty { return link }
        if let about = unsafe entry.about.map(text.resolved), !about.isEmpty { return about }
        let date = unsafe text.trimmedString(entry.published ?? entry.updated) ?? ""
        return "sha:" + StableHash.hex(unsafe "\(text.string(entry.title) ?? "")\n\(date)")
    }

    /// A photo is an entry whose link is an image, or whose content is mostly one picture
    /// (where most of the feed's items are: `settlePhotos`):
    /// an image attached (`media:content`, an enclosure) and no text but a title, or a
    /// picture in its HTML with at most a caption beside it (`photoCaptionLimit`), as photo
    /// sites' feeds write them (Flickr, 500px, Tumblr, Pixelfed, micro.blog). A news item
    /// with a lead image attached and a teaser, or a post that opens with a picture, stays
    /// an article.
    static func kind(
        _ entry: RawEntry, _ text: EntryText, link: String?, _ wellKnown: WellKnownFeed, summary: String?
    ) -> ItemKind {
        switch wellKnown {
        case .stackOverflow: return .question
        case .flickr: return .photo
        case .mastodon: return .post
        case .generic:
            if entry.rank != nil { return .question }
            if let link, FeedURLs.looksLikeImage(link) { return .photo }
            guard
                let (body, type) = entry.content.map({ ($0, entry.contentType) })
                    ?? entry.summary.map({ ($0, entry.summaryType) })
            else { return entry.media.contains { unsafe isImage($0, text) } ? .photo : .article }
            guard body.count <= photoBodyLimit,
                unsafe entry.inlineImage != nil || FeedURLs.holdsPicture(inHTML: text.bytes(body))
            else { return .article }
            let caption = unsafe captionLength(entry, text, body: body, type, summary: summary)
            return caption <= photoCaptionLimit ? .photo : .article
        }
    }

    /// The characters of text beside a picture: the item's summary's when the summary is that
    /// very HTML, read whole and cleaned already (the usual photo item has no content), else
    /// the body's, cleaned here.
    static func captionLength(
        _ entry: RawEntry, _ text: EntryText, body: TextSpan, _ type: FeedTextType, summary: String?
    ) -> Int {
        if entry.content == nil, body.count <= summaryByteLimit { return summary?.count ?? 0 }
        return unsafe text.withRepairedBytes(body) { unsafe plainText($0, type) }.count
    }

    /// The most text, in characters, beside the picture of an entry that is a photo.
    static let photoCaptionLimit = 140
    /// The most bytes of HTML around it (a picture's tag, its link and `srcset` included).
    static let photoBodyLimit = 4096

    /// The first image in the entry's content or summary HTML, resolved.
    static func imageInHTML(_ entry: RawEntry, _ text: EntryText) -> String? {
        if let inline = entry.inlineImage { return inline }
        for html in [entry.content, entry.summary].compactMap({ $0 }) {
            if let source = unsafe FeedURLs.firstImage(inHTML: text.bytes(html)) {
                return FeedURLs.resolve(source, against: entry.base)
            }
        }
        return nil
    }

    /// Whether attached media is an image: by its type, else by its URL's extension.
    static func isImage(_ media: RawMedia, _ text: EntryText) -> Bool {
        guard let type = unsafe text.string(media.type)?.lowercased(), !type.isEmpty else {
            return unsafe FeedURLs.looksLikeImage(text.resolved(media.url))
        }
        return type.hasPrefix("image")
    }

    /// The categories as one-line tags, double encoding undone, empty ones dropped.
    static func tags(_ entry: RawEntry, _ text: EntryText) -> [String] {
        let spans = unsafe text.categories(of: entry)
        guard !spans.isEmpty else { return [] }
        var tags: [String] = []
        tags.reserveCapacity(spans.count)
        for index in spans.indices {
            let tag = unsafe text.withRepairedBytes(spans[index]) { unsafe TextCleanup.lineCleaner.line($0) }
            if !tag.isEmpty { tags.append(tag) }
        }
        return tags
    }

    static func title(_ entry: RawEntry, _ text: EntryText, summary: String?) -> String {
        let title = entry.title.map { span in unsafe text.withRepairedBytes(span) { unsafe line($0, entry.titleType) } }
        if let title, !title.isEmpty { return title }
        if let summary, !summary.isEmpty { return TextCleanup.truncate(summary, to: 120) }
        return "(untitled)"
    }

    /// Plain text of the summary (or the content, or a summary in another namespace),
    /// from its first 1.5 KB.
    /// The most bytes of a summary's source text read (a summary shows 500 characters).
    static let summaryByteLimit = 1536

    static func summaryText(_ entry: RawEntry, _ text: EntryText) -> String? {
        let field =
            entry.summary.map { ($0, entry.summaryType) } ?? entry.content.map { ($0, entry.contentType) }
            ?? entry.otherSummary.map { ($0, FeedTextType.markup) }
        guard let (span, type) = field else { return nil }
        let limit = type == .base64 ? Int.max : summaryByteLimit
        let plain = unsafe text.withRepairedBytes(span, upTo: limit) {
            unsafe TextCleanup.truncate(plainText($0, type), to: 500)
        }
        return plain.isEmpty ? nil : plain
    }

    static func thumbnail(_ entry: RawEntry, _ text: EntryText, image: String?) -> String? {
        if let thumbnail = entry.thumbnail { return unsafe text.resolved(thumbnail) }
        return unsafe image ?? imageInHTML(entry, text)
    }

    /// `author`, `dc:creator` or `itunes:author`, else the Atom `source`'s, else the feed's.
    /// Mastodon items have none: the account comes from the link's `/@user/` path.
    static func author(_ entry: RawEntry, _ text: EntryText, link: String?, feed: RawFeed, _ wellKnown: WellKnownFeed)
        -> String?
    {
        let raw = (entry.author ?? entry.sourceAuthor).map { span in
            unsafe text.withRepairedBytes(span) { unsafe String(decoding: $0, as: UTF8.self) }
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
