import Foundation
import Tributary
import TributaryLive
import TributaryState

/// The run's sources as a sync client sees them: each a feed with a stable integer id
/// (its row in the state store's `source` table, never reused), a title and addresses,
/// and one category, its first tag ("All" without one), whose id is a hash of the tag.
struct SyncCatalog: Sendable {
    struct Feed: Sendable {
        let id: Int64
        let entry: SourceEntry
        let category: Category

        var title: String { entry.title ?? entry.id }
        /// The entry's own address (`url`, else `baseURL`), when it has one.
        var address: String? { entry.string("url") ?? entry.baseURL?.absoluteString }
    }

    struct Category: Sendable, Hashable {
        let id: Int64
        let title: String
    }

    static let allCategory = Category(id: 1, title: "All")

    let feeds: [Feed]

    /// The catalog of the hub's sources, giving store rows to those without one yet.
    init(hub: DigestHub, store: StateStore) throws {
        let entries = hub.live.entries
        let ids = try store.syncFeedIDs(entries.map(\.id))
        feeds = entries.compactMap { entry in
            ids[entry.id].map { Feed(id: $0, entry: entry, category: Self.category(of: entry)) }
        }
    }

    /// The categories, in order of their first feed.
    var categories: [Category] {
        var seen = Set<Category>()
        return feeds.map(\.category).filter { seen.insert($0).inserted }
    }

    func feed(_ id: Int64) -> Feed? { feeds.first { $0.id == id } }
    func feed(named name: String) -> Feed? { feeds.first { $0.entry.id == name } }
    func category(_ id: Int64) -> Category? { categories.first { $0.id == id } }
    func feeds(in category: Category) -> [Feed] { feeds.filter { $0.category == category } }

    /// A tag's category id: a stable hash of its lower-cased text, 2 to 2^31 - 1 (1 is "All").
    static func category(of entry: SourceEntry) -> Category {
        guard let tag = entry.common.tags.first else { return allCategory }
        let hash = StableHash.value(tag.lowercased()) % UInt64(Int32.max - 2)
        return Category(id: Int64(hash) + 2, title: tag)
    }
}
