import Foundation
import Tributary
import TributaryRendering
import TributaryState

/// Google Reader's JSON objects as FreshRSS serves them (`p/api/greader.php`), with the
/// fields clients read (a stream's items are written by `GoogleReaderStreamJSON`): times as strings of milliseconds and microseconds where Google
/// gave them so (`crawlTimeMsec`, `timestampUsec`, `newestItemTimestampUsec`), as numbers
/// of seconds elsewhere (`published`, `updated`).
enum GoogleReaderShapes {
    struct Subscription: Encodable {
        var id: String
        var title: String
        var categories: [Category]
        var url: String
        var htmlUrl: String
        var iconUrl = ""
        var sortid: String
    }

    struct Category: Encodable {
        var id: String
        var label: String
    }

    struct Tag: Encodable {
        var id: String
        var sortid: String?
        var type: String?
    }

    struct UnreadCount: Encodable {
        var id: String
        var count: Int
        var newestItemTimestampUsec: String
    }

    struct ItemRef: Encodable {
        var id: String
        var timestampUsec: String
    }

    struct ItemRefs: Encodable {
        var itemRefs: [ItemRef]
        var continuation: String?
    }

    static func subscription(_ feed: SyncCatalog.Feed) -> Subscription {
        Subscription(
            id: GoogleReaderStream.feedID(feed.id), title: feed.title, categories: [category(feed.category)],
            url: feed.address ?? "", htmlUrl: feed.address ?? "", sortid: String(format: "%08X", feed.id))
    }

    static func category(_ category: SyncCatalog.Category) -> Category {
        Category(id: GoogleReaderStream.label(category.title), label: category.title)
    }

    /// The reading list, the feed's label, and the read and starred states it is in.
    static func categories(_ entry: StateStore.SyncEntry, feed: SyncCatalog.Feed) -> [String] {
        var categories = [GoogleReaderStream.readingList, GoogleReaderStream.label(feed.category.title)]
        if entry.readAt != nil { categories.append(GoogleReaderStream.read) }
        if entry.starredAt != nil { categories.append(GoogleReaderStream.starred) }
        return categories
    }

    /// The article kept for the item, else its summary as HTML, else nothing.
    static func content(of item: FeedItem) -> String {
        item.content ?? item.summary.map { "<p>\(XMLText.escape($0))</p>" } ?? ""
    }

    static func seconds(_ date: Date) -> Int64 { Int64(date.timeIntervalSince1970.rounded(.down)) }
    static func milliseconds(_ date: Date) -> String {
        String(Int64((date.timeIntervalSince1970 * 1e3).rounded(.down)))
    }
    static func microseconds(_ date: Date) -> String {
        String(Int64((date.timeIntervalSince1970 * 1e6).rounded(.down)))
    }
}
