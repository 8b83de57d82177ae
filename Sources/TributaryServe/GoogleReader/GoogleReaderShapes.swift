import Foundation
import Tributary
import TributaryRendering
import TributaryState

/// Google Reader's JSON objects as FreshRSS serves them (`p/api/greader.php`), with the
/// fields clients read: times as strings of milliseconds and microseconds where Google
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

    struct Link: Encodable {
        var href: String
        var type: String?
    }

    struct Origin: Encodable {
        var streamId: String
        var title: String
        var htmlUrl: String
    }

    struct Text: Encodable {
        var direction = "ltr"
        var content: String
    }

    struct Item: Encodable {
        var id: String
        var crawlTimeMsec: String
        var timestampUsec: String
        var published: Int64
        var updated: Int64
        var title: String
        var canonical: [Link]
        var alternate: [Link]
        var categories: [String]
        var origin: Origin
        var summary: Text
        var author: String?
    }

    struct Stream: Encodable {
        var direction = "ltr"
        var id: String
        var title: String
        var updated: Int64
        var items: [Item]
        var continuation: String?
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

    /// The item of an archive entry: its kept article as the content when there is one,
    /// else its summary as one escaped paragraph (what the Miniflux API serves too).
    static func item(_ entry: StateStore.SyncEntry, feed: SyncCatalog.Feed) -> Item {
        let item = entry.item
        let link = item.urlString.map { [Link(href: $0, type: "text/html")] } ?? []
        return Item(
            id: GoogleReaderItemID.long(entry.id), crawlTimeMsec: milliseconds(entry.firstSeen),
            timestampUsec: microseconds(entry.firstSeen), published: seconds(entry.published),
            updated: seconds(entry.published), title: item.title,
            canonical: link.map { Link(href: $0.href) }, alternate: link, categories: categories(entry, feed: feed),
            origin: Origin(
                streamId: GoogleReaderStream.feedID(feed.id), title: feed.title, htmlUrl: feed.address ?? ""),
            summary: Text(content: content(of: item)), author: item.author.flatMap { $0.isEmpty ? nil : $0 })
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
