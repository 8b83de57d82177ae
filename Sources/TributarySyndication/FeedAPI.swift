import Foundation

/// The feed formats Tributary reads, as detected from the document itself.
enum FeedFormat: String, Sendable {
    case rss, rdf, atom, cdf
    case jsonFeed = "JSON Feed"
}

/// A feed as read from the wire, before mapping: text exactly as the document
/// carries it (XML entities decoded, HTML still escaped where the format says so).
struct RawFeed: Sendable {
    var format: FeedFormat
    var title: String?
    var link: String?
    /// The feed-level `xml:base` or JSON Feed `home_page_url`.
    var base: String?
    var generator: String?
    /// The feed's own author (Atom `<feed><author>`, JSON Feed's top-level `authors`),
    /// which entries without one inherit, as RFC 4287 §4.2.1 says.
    var author: String?

    init(format: FeedFormat) { self.format = format }
}

/// One `<item>`, `<entry>` or JSON Feed item, as the wire spells it. Text fields are
/// spans of the `EntryBatch` the entry belongs to; URLs are resolved when mapped.
struct RawEntry: Sendable {
    var id: TextSpan?
    /// The explicit `xml:base` a relative id resolves against (see `FeedXMLState.idBase`).
    var idBase: String?
    var title: TextSpan?
    /// How the title is written (Atom `type`; RSS titles are `.markup`).
    var titleType = FeedTextType.markup
    var link: RawURL?
    /// RSS 1.0 `rdf:about`: the URI the item is, its id after the guid and the link.
    var about: RawURL?
    /// How good the link is: 0 none, 1 an Atom alternate of a type other than HTML, 2 any other.
    var linkRank: UInt8 = 0
    /// Whether the RSS `guid` (`id`) is the link when there is none.
    var guidLink = FeedGuidLink.never
    /// Atom `content src`: where the content is, the link when there is none.
    var contentSource: RawURL?
    /// `xml:base` in effect for the entry.
    var base: String?
    var published: TextSpan?
    var updated: TextSpan?
    /// Atom 0.3 and DCMI `created`, the date when there is no other.
    var created: TextSpan?
    var author: TextSpan?
    /// The author of an Atom entry's `source`, for an entry without its own.
    var sourceAuthor: TextSpan?
    /// The summary or description, HTML or text.
    var summary: TextSpan?
    var summaryType = FeedTextType.markup
    /// The full content (`content:encoded`, Atom `content`, JSON `content_html`).
    var content: TextSpan?
    var contentType = FeedTextType.markup
    /// `dc:description`, `itunes:summary` or `media:description`, when there is no other.
    var otherSummary: TextSpan?
    /// Where the entry's categories are in its batch's `categories`.
    var categories: Range<Int> = 0..<0
    /// `media:thumbnail`, `itunes:image` and the like: an explicit thumbnail.
    var thumbnail: RawURL?
    /// Media attached: `enclosure`, `media:content`, JSON `image`/attachments.
    var media: [RawMedia] = []
    /// `itunes:duration`: how long the episode plays (seconds, `MM:SS` or `HH:MM:SS`).
    var duration: TextSpan?
    /// Stack Exchange `re:rank`.
    var rank: TextSpan?
    /// The first `<img src>` seen inside XHTML content, resolved.
    var inlineImage: String?

    init(base: String?, categories: Range<Int>) {
        self.base = base
        self.categories = categories
    }
}

/// A URL as the document wrote it (a span of the batch's text) and the base it is
/// relative to: the `xml:base` in effect, or the document's address.
struct RawURL: Sendable {
    var text: TextSpan
    var base: String?
}

/// An attached media object: its URL and whatever says what it is.
struct RawMedia: Sendable {
    var url: RawURL
    /// A MIME type (`image/jpeg`) or a Media RSS `medium` (`image`).
    var type: TextSpan?
    /// An enclosure (RSS `enclosure`, Atom `link rel="enclosure"`, a JSON Feed attachment),
    /// or a Media RSS `media:content`, which is one only when it is audio or video.
    var isEnclosure = true
    /// The declared MIME type alone (`type`), when `type` may hold a `medium`.
    var mimeType: TextSpan?
    /// The size in bytes: RSS and Atom `length`, Media RSS `fileSize`, JSON `size_in_bytes`.
    var length: TextSpan?
    /// Seconds: Media RSS `duration`, JSON `duration_in_seconds`.
    var duration: TextSpan?

    init(url: RawURL, type: TextSpan?) {
        self.url = url
        self.type = type
        mimeType = type
    }
}
