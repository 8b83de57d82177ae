/// What the report template sees: plain values, already checked and formatted.
/// The template escapes every `{{value}}`; nothing here holds markup.
struct ReportPage: Sendable {
    var title: String
    /// ISO 8601, for `<time datetime>`.
    var generatedAt: String
    var generatedLabel: String
    /// The Content-Security-Policy, filled in once the page's inline code is hashed.
    var csp: String
    var itemCount: Int
    var chips: [SourceChip]
    var photos: [ReportItem]
    /// Questions, posts and articles, one list each; empty lists are left out.
    var lists: [ReportList]
    /// Every item, newest first.
    var timeline: [ReportItem]
    var isEmpty: Bool
    /// True when the state store remembers the digest's items: the page then marks new ones
    /// and offers the "New only" switch; without memory it shows none of it.
    var hasMemory: Bool
    /// How many items no earlier run showed (0 without memory).
    var newItemCount: Int
}

/// One source's status in the header.
struct SourceChip: Sendable {
    var id: String
    var label: String
    /// `ok`, `failed`, `skipped` or `pending`.
    var state: String
    var isOK: Bool
    var itemCount: Int
    var message: String?
    /// How many of the source's items are new, and whether that is more than none.
    var newCount: Int
    var hasNew: Bool
}

/// A section listing the items of one kind.
struct ReportList: Sendable {
    var kind: String
    var heading: String
    var items: [ReportItem]
}

/// One item as every section of the page shows it; a class, because the page lists each
/// item up to three times (a section, the timeline, the gallery).
final class ReportItem: Sendable {
    /// A DOM id unique in the page (`i1`, `i2`, …), never taken from upstream.
    let anchor: String
    let source: String
    let kind: String
    let title: String
    /// An http or https link, or nil.
    let url: String?
    let author: String?
    let datetime: String?
    let age: String?
    /// Seconds since 1970 (0 when unknown), for sorting in the page.
    let timestamp: Int
    let score: String?
    let scoreValue: Double
    let summary: String?
    let tags: [String]
    let thumbnail: ReportImage?
    /// The full-size image for the lightbox (photos), http or https only.
    let image: String?
    /// True when no earlier run showed the item; false without memory.
    let isNew: Bool

    init(
        anchor: String, source: String, kind: String, title: String, url: String?, author: String?,
        datetime: String?, age: String?, timestamp: Int, score: String?, scoreValue: Double, summary: String?,
        tags: [String], thumbnail: ReportImage?, image: String?, isNew: Bool
    ) {
        self.anchor = anchor
        self.source = source
        self.kind = kind
        self.title = title
        self.url = url
        self.author = author
        self.datetime = datetime
        self.age = age
        self.timestamp = timestamp
        self.score = score
        self.scoreValue = scoreValue
        self.summary = summary
        self.tags = tags
        self.thumbnail = thumbnail
        self.image = image
        self.isNew = isNew
    }
}

/// An image the page shows: a source, or a placeholder when embedding it failed.
struct ReportImage: Sendable {
    var src: String?
}
