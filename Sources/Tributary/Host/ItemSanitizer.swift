import Foundation

/// Makes a source's items fit for the digest, whatever upstream sent: ids namespaced
/// by source, text made single-line and capped, only http/https URLs kept and no
/// `content` (the host's full-text step alone sets it); the
/// entry's `kind` and `tags`, when it sets them, are applied here too.
struct ItemSanitizer: Sendable {
    static let maxTitleLength = 300
    static let maxSummaryLength = 2_000
    static let maxTags = 20
    /// A 2 MB image, base64-encoded, plus its `data:` prefix.
    static let maxThumbnailDataSize = ThumbnailFetcher.maxImageSize * 4 / 3 + 64

    let entry: SourceEntry

    func sanitize(_ item: inout FeedItem) {
        item.id = "\(entry.id):\(item.id)"
        item.source = entry.id
        item.sourceType = entry.type
        item.title = TextCleanup.truncate(TextCleanup.singleLine(item.title), to: Self.maxTitleLength)
        if item.title.isEmpty { item.title = "Untitled" }
        item.author = item.author.map { TextCleanup.truncate(TextCleanup.singleLine($0), to: 100) }.flatMap {
            $0.isEmpty ? nil : $0
        }
        item.summary = item.summary.map { TextCleanup.truncate(TextCleanup.singleLine($0), to: Self.maxSummaryLength) }
            .flatMap { $0.isEmpty ? nil : $0 }
        if let kind = entry.common.kind { item.kind = kind }
        item.tags = tags(entry.common.tags.isEmpty ? item.tags : merged(item.tags, entry.common.tags))
        if !WebAddress.isWeb(item.urlString) { item.url = nil }
        if !WebAddress.isWeb(item.thumbnailString) { item.thumbnail = nil }
        if !WebAddress.isWeb(item.imageString) { item.image = nil }
        if let data = item.thumbnailData, !data.hasPrefix("data:image/") || data.utf8.count > Self.maxThumbnailDataSize
        {
            item.thumbnailData = nil
        }
        if let score = item.score, !score.isFinite { item.score = nil }
        if !item.enclosures.isEmpty { item.enclosures = Self.enclosures(item.enclosures) }
        // Reports show `content` as HTML, so only the extractor's cleaned HTML may fill it
        // (after this, for `fullText` entries); a source or plugin that sets it is ignored.
        if item.content != nil { item.content = nil }
    }

    /// At most `Enclosure.maxCount` enclosures, each address once, each made again through
    /// `Enclosure`'s initialiser (a source may have set a field to anything): only http and
    /// https addresses, media types as `Enclosure.mediaType` reads them, values within bounds.
    static func enclosures(_ enclosures: [Enclosure]) -> [Enclosure] {
        var seen = Set<String>()
        var kept: [Enclosure] = []
        for enclosure in enclosures where kept.count < Enclosure.maxCount {
            guard
                let clean = Enclosure(
                    urlString: enclosure.urlString, mimeType: enclosure.mimeType, length: enclosure.length,
                    duration: enclosure.duration), seen.insert(clean.urlString).inserted
            else { continue }
            kept.append(clean)
        }
        return kept
    }

    /// The item's own tags, then the entry's that it lacks (compared without case).
    func merged(_ own: [String], _ added: [String]) -> [String] {
        var seen = Set(own.map { $0.lowercased() })
        return own + added.filter { seen.insert($0.lowercased()).inserted }
    }

    /// At most `maxTags` non-empty tags, each one line of at most 50 characters.
    func tags(_ tags: [String]) -> [String] {
        let fit =
            tags.count <= Self.maxTags
            && tags.allSatisfy { !$0.isEmpty && $0.utf8.count <= 50 && TextCleanup.isSingleLine($0) }
        if fit { return tags }  // the common case, kept without a copy
        var kept: [String] = []
        kept.reserveCapacity(min(tags.count, Self.maxTags))
        for tag in tags where kept.count < Self.maxTags {
            let tag = TextCleanup.truncate(TextCleanup.singleLine(tag), to: 50)
            if !tag.isEmpty { kept.append(tag) }
        }
        return kept
    }
}
