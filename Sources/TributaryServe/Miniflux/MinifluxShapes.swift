import Foundation
import Tributary
import TributaryRendering
import TributaryState

/// Miniflux's JSON objects (API v1), with the fields its clients read; encoded with
/// snake_case keys (`MinifluxResponse.encoder`). The one user has id 1.
enum MinifluxShapes {
    struct Category: Encodable {
        var id: Int64
        var title: String
        var userId = 1
        var hideGlobally = false
        /// With `?counts=true` only.
        var feedCount: Int?
        var totalUnread: Int?
    }

    struct Icon: Encodable {
        var feedId: Int64
        var iconId: Int64
    }

    struct Feed: Encodable {
        var id: Int64
        var userId = 1
        var feedUrl: String
        var siteUrl: String
        var title: String
        var checkedAt: String
        var nextCheckAt = "0001-01-01T00:00:00Z"
        var etagHeader = ""
        var lastModifiedHeader = ""
        var parsingErrorMessage: String
        var parsingErrorCount: Int
        var scraperRules = ""
        var rewriteRules = ""
        var crawler: Bool
        var blocklistRules = ""
        var keeplistRules = ""
        var userAgent = ""
        var cookie = ""
        var username = ""
        var password = ""
        var disabled = false
        var noMediaPlayer = false
        var ignoreHttpCache = false
        var allowSelfSignedCertificates = false
        var fetchViaProxy = false
        var hideGlobally = false
        var category: Category
        var icon: Icon?
    }

    struct Entry: Encodable {
        var id: Int64
        var userId = 1
        var feedId: Int64
        var status: String
        var hash: String
        var title: String
        var url: String
        var commentsUrl = ""
        var publishedAt: String
        var createdAt: String
        var changedAt: String
        var content: String
        var author: String
        var shareCode = ""
        var starred: Bool
        var readingTime: Int
        var enclosures: [Enclosure]
        var tags: [String]
        var feed: Feed
    }

    /// A media file of an entry (a podcast's episode), as Miniflux lists it.
    struct Enclosure: Encodable {
        var id: Int64
        var userId = 1
        var entryId: Int64
        var url: String
        var mimeType: String
        var size: Int
        var mediaProgression = 0
    }

    struct EntryPage: Encodable {
        var total: Int
        var entries: [Entry]
    }

    struct Counters: Encodable {
        var reads: [String: Int]
        var unreads: [String: Int]
    }

    struct User: Encodable {
        var id = 1
        var username: String
        var isAdmin = false
        var theme = "system_serif"
        var language = "en_US"
        var timezone = "UTC"
        var entrySortingDirection = "desc"
        var entrySortingOrder = "published_at"
        var entriesPerPage = 100
        var keyboardShortcuts = true
        var showReadingTime = true
        var entrySwipe = true
        var gestureNav = "tap"
        var displayMode = "standalone"
        var defaultReadingSpeed = 265
        var cjkReadingSpeed = 500
        var defaultHomePage = "unread"
        var categoriesSortingOrder = "unread_count"
        var markReadOnView = true
        var stylesheet = ""
        var googleId = ""
        var openidConnectId = ""
    }

    static func category(_ category: SyncCatalog.Category) -> Category {
        Category(id: category.id, title: category.title)
    }

    /// The feed of `feed`, with its last run's outcome as Miniflux's parsing error.
    static func feed(_ feed: SyncCatalog.Feed, status: SourceStatus?) -> Feed {
        let failed = status.map { $0.state == .failed } ?? false
        return Feed(
            id: feed.id, feedUrl: feed.address ?? "", siteUrl: feed.address ?? "", title: feed.title,
            checkedAt: ISO8601Date.format(Date()), parsingErrorMessage: failed ? status?.message ?? "" : "",
            parsingErrorCount: failed ? 1 : 0, crawler: feed.entry.common.fullText,
            category: category(feed.category))
    }

    /// The entry of an archived item: its article as `content` when there is one, else
    /// its summary as one escaped paragraph.
    static func entry(_ entry: StateStore.SyncEntry, feed: Feed) -> Entry {
        let item = entry.item
        let content = item.content ?? item.summary.map { "<p>\(XMLText.escape($0))</p>" } ?? ""
        let words = (item.content.map(TextCleanup.plainText(fromHTML:)) ?? item.summary ?? "")
            .split(whereSeparator: \.isWhitespace).count
        let changed = [entry.lastSeen, entry.readAt, entry.starredAt].compactMap { $0 }.max() ?? entry.lastSeen
        return Entry(
            id: entry.id, feedId: entry.feedID, status: entry.readAt == nil ? "unread" : "read",
            hash: String(StableHash.value(item.id), radix: 16), title: item.title, url: item.urlString ?? "",
            publishedAt: ISO8601Date.format(entry.published), createdAt: ISO8601Date.format(entry.firstSeen),
            changedAt: ISO8601Date.format(changed), content: content, author: item.author ?? "",
            starred: entry.starredAt != nil, readingTime: max(1, words / 265),
            enclosures: enclosures(of: item, entry: entry.id), tags: item.tags, feed: feed)
    }

    /// An item's files; each id is the entry's times 16 plus the file's place (an item
    /// keeps at most `Tributary.Enclosure.maxCount`, 8), so it is the same on every request.
    static func enclosures(of item: FeedItem, entry: Int64) -> [Enclosure] {
        item.enclosures.enumerated().map { index, file in
            Enclosure(
                id: entry * 16 + Int64(index), entryId: entry, url: file.urlString,
                mimeType: file.mimeType ?? "application/octet-stream", size: file.length ?? 0)
        }
    }
}
