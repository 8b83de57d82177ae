import Foundation
import Tributary

/// One item as `watch`'s list shows it: the item and what the state store remembers of it.
struct WatchRow: Sendable, Equatable {
    var item: FeedItem
    var isNew = false
    var isRead = false
    var isStarred = false
    /// The archive's `entryID`, which starring needs; nil without a state store.
    var entryID: Int?
    /// When the item was published, else when it was first seen: what "newest" means.
    var date: Date?

    /// The digest's items, newest first (by publication, else first sighting; items with
    /// neither keep the digest's order, after the dated ones).
    static func rows(of digest: Digest) -> [WatchRow] {
        let rows = digest.items.indices.map { index in
            let item = digest.items[index]
            let memory = digest.remembered(at: index)
            let entry = digest.archiveEntry(at: index)
            return WatchRow(
                item: item, isNew: memory?.isNew ?? false, isRead: memory?.isRead ?? false,
                isStarred: entry?.isStarred ?? false, entryID: entry?.id, date: item.published ?? memory?.firstSeen)
        }
        return rows.enumerated().sorted { left, right in
            switch (left.element.date, right.element.date) {
            case (let a?, let b?) where a != b: return a > b
            case (.some, nil): return true
            case (nil, .some): return false
            default: return left.offset < right.offset
            }
        }.map(\.element)
    }

    /// Whether the filter `text` (already lowercased) is in the title, the source or the author.
    func matches(_ text: String) -> Bool {
        text.isEmpty
            || [item.title, item.source, item.author ?? ""].contains { $0.lowercased().contains(text) }
    }
}
