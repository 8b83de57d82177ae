import Foundation
import Tributary
import TributaryState

/// A page of a stream (`stream/contents`, `stream/items/contents`) as JSON, written with
/// `JSONWriter` rather than `JSONEncoder` (why: `docs/design/performance.md`). The fields
/// are `GoogleReaderShapes`' (see there): FreshRSS's item, its content `summary.content`.
enum GoogleReaderStreamJSON {
    struct Page {
        var id: String
        var title: String
        var updated: Date
        var continuation: String?
    }

    static func document(_ page: Page, items: [(StateStore.SyncEntry, SyncCatalog.Feed)]) -> [UInt8] {
        var out = JSONWriter(capacity: 256 + items.count * 1_200)
        out.raw(#"{"direction":"ltr","id":"#)
        out.string(page.id)
        out.raw(#","title":"#)
        out.string(page.title)
        out.raw(#","updated":"#)
        out.integer(GoogleReaderShapes.seconds(page.updated))
        out.raw(#","items":["#)
        for (index, (entry, feed)) in items.enumerated() {
            if index > 0 { out.raw(",") }
            item(entry, feed: feed, to: &out)
        }
        out.raw("]")
        if let continuation = page.continuation {
            out.raw(#","continuation":"#)
            out.string(continuation)
        }
        out.raw("}\n")
        return out.bytes
    }

    static func item(_ entry: StateStore.SyncEntry, feed: SyncCatalog.Feed, to out: inout JSONWriter) {
        let item = entry.item
        out.raw(#"{"id":"#)
        out.string(GoogleReaderItemID.long(entry.id))
        out.raw(#","crawlTimeMsec":"#)
        out.string(GoogleReaderShapes.milliseconds(entry.firstSeen))
        out.raw(#","timestampUsec":"#)
        out.string(GoogleReaderShapes.microseconds(entry.firstSeen))
        out.raw(#","published":"#)
        out.integer(GoogleReaderShapes.seconds(entry.published))
        out.raw(#","updated":"#)
        out.integer(GoogleReaderShapes.seconds(entry.published))
        out.raw(#","title":"#)
        out.string(item.title)
        if let link = item.urlString {
            out.raw(#","canonical":[{"href":"#)
            out.string(link)
            out.raw(#"}],"alternate":[{"href":"#)
            out.string(link)
            out.raw(#","type":"text/html"}]"#)
        } else {
            out.raw(#","canonical":[],"alternate":[]"#)
        }
        out.raw(#","categories":"#)
        out.strings(GoogleReaderShapes.categories(entry, feed: feed))
        out.raw(#","origin":{"streamId":"#)
        out.string(GoogleReaderStream.feedID(feed.id))
        out.raw(#","title":"#)
        out.string(feed.title)
        out.raw(#","htmlUrl":"#)
        out.string(feed.address ?? "")
        out.raw(#"},"summary":{"direction":"ltr","content":"#)
        out.string(GoogleReaderShapes.content(of: item))
        out.raw("}")
        if let author = item.author, !author.isEmpty {
            out.raw(#","author":"#)
            out.string(author)
        }
        out.raw("}")
    }
}
