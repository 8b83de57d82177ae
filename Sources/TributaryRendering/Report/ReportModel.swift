/// What the report template sees: plain values, already checked and formatted.
/// The template escapes every `{{value}}`; nothing here holds markup.
struct ReportPage {
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
}

/// One source's status in the header.
struct SourceChip {
    var id: String
    var label: String
    /// `ok`, `failed`, `skipped` or `pending`.
    var state: String
    var isOK: Bool
    var itemCount: Int
    var message: String?
}

/// A section listing the items of one kind.
struct ReportList {
    var kind: String
    var heading: String
    var items: [ReportItem]
}

/// One item as every section of the page shows it.
struct ReportItem {
    /// A DOM id unique in the page (`i1`, `i2`, …), never taken from upstream.
    var anchor: String
    var source: String
    var kind: String
    var title: String
    /// An http or https link, or nil.
    var url: String?
    var author: String?
    var datetime: String?
    var age: String?
    /// Seconds since 1970 (0 when unknown), for sorting in the page.
    var timestamp: Int
    var score: String?
    var scoreValue: Double
    var summary: String?
    var tags: [String]
    var thumbnail: ReportImage?
    /// The full-size image for the lightbox (photos), http or https only.
    var image: String?
}

/// An image the page shows: a source, or a placeholder when embedding it failed.
struct ReportImage {
    var src: String?
}
