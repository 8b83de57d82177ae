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
    /// The chips in one line, for phones: "9 ok · 2 failed · 1 skipped".
    var chipSummary: String
    var photos: [ReportItem]
    /// Questions, posts and articles, one list each; empty lists are left out.
    var lists: [ReportList]
    /// Every item, newest first.
    var timeline: [ReportItem]
    var isEmpty: Bool
    /// Why the digest is empty: the filters that removed items, the sources that failed or
    /// were skipped; empty when it is not.
    var emptyReasons: [String]
    /// True when the state store remembers the digest's items: the page then marks new ones
    /// and offers the "New only" switch; without memory it shows none of it.
    var hasMemory: Bool
    /// How many items no earlier run showed (0 without memory).
    var newItemCount: Int
    /// The origins the page's episodes play from, sorted: the policy's `media-src`.
    var mediaOrigins: [String] = []
    /// True for the HTML part of an e-mail: no script (mail readers run none, and a
    /// message that carries one looks like spam), so no search, sort or switches.
    var isMessage = false
}

/// One source's status in the header.
struct SourceChip: Sendable {
    var id: String
    var label: String
    /// `ok`, `failed`, `skipped` or `pending`.
    var state: String
    var isOK: Bool
    var itemCount: Int
    /// The items the page shows of those the source gave: "3 of 15", or "15" when it shows all.
    var countLabel: String
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
/// item twice (the gallery or a list, and the timeline view).
final class ReportItem: Sendable {
    /// A DOM id unique in the page (`i1`, `i2`, …), never taken from upstream.
    let anchor: String
    /// The item's id as the digest gives it (`data-id`: what `serve`'s page marks read by).
    let id: String
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
    /// The raw score as the source gave it, formatted ("1.2k").
    let score: String?
    let scoreValue: Double
    /// The score's percentile among the scored items of its source (0–100; -1 without a
    /// score), which the page sorts by so that sources with different scales mix fairly.
    let scoreRank: Double
    /// The summary without the title it repeats, or nil.
    let summary: String?
    /// The full article as cleaned HTML (the extractor's allowlist), for the reader view.
    let content: String?
    /// An http or https link to the item's discussion, and its label ("103 comments").
    let commentsURL: String?
    let commentsLabel: String?
    let tags: [String]
    let thumbnail: ReportImage?
    /// The full-size image for the lightbox (photos), http or https only.
    let image: String?
    /// True when no earlier run showed the item; false without memory.
    let isNew: Bool
    /// The item's read and star controls, on a page that acts (`serve`'s); nil in a report.
    let actions: ReportActions?
    /// The episode the page plays, for an item with an audio or video enclosure.
    let episode: ReportEpisode?

    init(
        anchor: String, id: String, source: String, kind: String, title: String, url: String?, author: String?,
        datetime: String?, age: String?, timestamp: Int, score: String?, scoreValue: Double, scoreRank: Double,
        summary: String?, content: String? = nil, commentsURL: String?, commentsLabel: String?, tags: [String],
        thumbnail: ReportImage?, image: String?, isNew: Bool, episode: ReportEpisode? = nil,
        actions: ReportActions? = nil
    ) {
        self.anchor = anchor
        self.id = id
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
        self.scoreRank = scoreRank
        self.summary = summary
        self.content = content
        self.commentsURL = commentsURL
        self.commentsLabel = commentsLabel
        self.tags = tags
        self.thumbnail = thumbnail
        self.image = image
        self.isNew = isNew
        self.actions = actions
        self.episode = episode
    }
}

/// An item's controls on `serve`'s page, rendered with the page so that nothing moves
/// when its script starts: "Mark read" (or "Mark unread") and, for archived items, a star.
struct ReportActions: Sendable {
    var isRead: Bool
    var isStarred: Bool
    /// Whether the item has an archive entry to star.
    var canStar: Bool
}

/// An image the page shows: a source, or a placeholder when embedding it failed.
struct ReportImage: Sendable {
    var src: String?
}
