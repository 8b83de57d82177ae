import Foundation

/// Makes a source's items fit for the digest, whatever upstream sent: ids namespaced
/// by source, text made single-line and capped, and only http/https URLs kept.
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
        item.author = item.author.map { TextCleanup.truncate(TextCleanup.singleLine($0), to: 100) }.flatMap { $0.isEmpty ? nil : $0 }
        item.summary = item.summary.map { TextCleanup.truncate(TextCleanup.singleLine($0), to: Self.maxSummaryLength) }
            .flatMap { $0.isEmpty ? nil : $0 }
        item.tags = tags(item.tags)
        if !Self.isWebURL(item.urlString) { item.url = nil }
        if !Self.isWebURL(item.thumbnailString) { item.thumbnail = nil }
        if !Self.isWebURL(item.imageString) { item.image = nil }
        if let data = item.thumbnailData, !data.hasPrefix("data:image/") || data.utf8.count > Self.maxThumbnailDataSize {
            item.thumbnailData = nil
        }
        if let score = item.score, !score.isFinite { item.score = nil }
    }

    /// At most `maxTags` non-empty tags, each one line of at most 50 characters.
    func tags(_ tags: [String]) -> [String] {
        var kept: [String] = []
        kept.reserveCapacity(min(tags.count, Self.maxTags))
        for tag in tags where kept.count < Self.maxTags {
            let tag = TextCleanup.truncate(TextCleanup.singleLine(tag), to: 50)
            if !tag.isEmpty { kept.append(tag) }
        }
        return kept
    }

    /// Whether `text`, the absolute string of a `URL`, is an http or https URL with a
    /// host. Read off the text (scheme, then the authority without user and port), as
    /// `URL.scheme` and `URL.host` would, without building a `URL` for every item.
    static func isWebURL(_ text: String?) -> Bool {
        guard let utf8 = text?.utf8, let colon = utf8.firstIndex(of: UInt8(ascii: ":")) else { return false }
        let scheme = utf8[..<colon].lazy.map { $0 | 0x20 }  // ASCII lower case; a scheme is ASCII
        let rest = utf8[utf8.index(after: colon)...]
        guard scheme.elementsEqual("http".utf8) || scheme.elementsEqual("https".utf8), rest.starts(with: "//".utf8) else { return false }
        let authority = rest.dropFirst(2).prefix { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        let hostAndPort = authority.lastIndex(of: UInt8(ascii: "@")).map { authority[authority.index(after: $0)...] } ?? authority
        let host = hostAndPort.first == UInt8(ascii: "[") ? hostAndPort[...] : hostAndPort.prefix { $0 != UInt8(ascii: ":") }
        return !host.isEmpty
    }
}
