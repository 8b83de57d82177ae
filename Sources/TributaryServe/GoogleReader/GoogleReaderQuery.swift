import Foundation
import TributaryState

/// A stream request's parameters as a `SyncQuery` over the catalog's feeds: the streams
/// (`feed/7`, a label, the reading list, the starred items), `xt` and `it` (exclude and
/// include targets, repeatable), `n` (count, default 20), `r=o` (oldest first; else newest
/// first), `c` (continuation), `ot` and `nt` (first seen from, and before, these times).
/// Entries come newest first by publication time (else first-seen time), ties broken by
/// id; a continuation is the last id given (decimal, as FreshRSS's), and the next page
/// starts after that entry, so no entry comes twice, whatever arrives between pages.
struct GoogleReaderQuery {
    static let defaultCount = 20

    var query: StateStore.SyncQuery
    /// How many entries the page holds; the query asks for one more, to tell whether
    /// there is a next page.
    let count: Int

    init(streams: [GoogleReaderStream], _ parameters: GoogleReaderParameters, catalog: SyncCatalog, maxCount: Int) {
        var selection = Selection.union(streams.map { Selection($0, in: catalog) })
        for target in parameters.all("xt").compactMap(GoogleReaderStream.init) { selection.exclude(target, catalog) }
        for target in parameters.all("it").compactMap(GoogleReaderStream.init) { selection.include(target, catalog) }
        count = Int(min(max(parameters.integer("n") ?? Int64(Self.defaultCount), 1), Int64(maxCount)))
        query = StateStore.SyncQuery(feeds: catalog.feeds.map(\.id).filter(selection.feeds.contains))
        query.unread = selection.unread
        query.starred = selection.starred
        query.order = .publishedAt
        query.descending = parameters["r"] != "o"
        query.limit = count + 1
        query.counting = false
        query.continuingAfter = parameters.integer("c")
        query.firstSeenFrom = parameters.integer("ot").map(Self.date)
        query.firstSeenBefore = parameters.integer("nt").map(Self.date)
    }

    /// The page of `fetched` (what `query` gave) and the continuation when there is more.
    func page<T>(_ fetched: [T], id: (T) -> Int64) -> (entries: [T], continuation: String?) {
        guard fetched.count > count else { return (fetched, nil) }
        let entries = Array(fetched.prefix(count))
        return (entries, entries.last.map { String(id($0)) })
    }

    /// A time given in seconds, or, when it is too large for that, in milliseconds,
    /// microseconds or nanoseconds (clients send each).
    static func date(_ value: Int64) -> Date {
        var seconds = Double(value)
        while seconds > 1e11 { seconds /= 1000 }
        return Date(timeIntervalSince1970: seconds)
    }

    /// Which feeds, and which read and starred state, a set of streams selects.
    struct Selection {
        var feeds: Set<Int64>
        var unread: Bool?
        var starred: Bool?

        init(feeds: Set<Int64>, unread: Bool? = nil, starred: Bool? = nil) {
            self.feeds = feeds
            self.unread = unread
            self.starred = starred
        }

        init(_ stream: GoogleReaderStream, in catalog: SyncCatalog) {
            let all = Set(catalog.feeds.map(\.id))
            switch stream {
            case .feed, .label: self.init(feeds: Self.feeds(of: stream, in: catalog))
            case .state("reading-list"): self.init(feeds: all)
            case .state("starred"): self.init(feeds: all, starred: true)
            case .state("read"): self.init(feeds: all, unread: false)
            case .state("unread"), .state("kept-unread"), .state("fresh"): self.init(feeds: all, unread: true)
            case .state: self.init(feeds: [])  // broadcast, like: nothing here is shared or liked
            }
        }

        /// The streams' feeds together; a state they all ask for, kept.
        static func union(_ selections: [Selection]) -> Selection {
            guard let first = selections.first else { return Selection(feeds: []) }
            return Selection(
                feeds: selections.reduce(into: Set()) { $0.formUnion($1.feeds) },
                unread: selections.allSatisfy { $0.unread == first.unread } ? first.unread : nil,
                starred: selections.allSatisfy { $0.starred == first.starred } ? first.starred : nil)
        }

        mutating func exclude(_ target: GoogleReaderStream, _ catalog: SyncCatalog) {
            switch target {
            case .state("read"): unread = true
            case .state("unread"), .state("kept-unread"), .state("fresh"): unread = false
            case .state("starred"): starred = false
            case .state: break
            case .feed, .label: feeds.subtract(Self.feeds(of: target, in: catalog))
            }
        }

        mutating func include(_ target: GoogleReaderStream, _ catalog: SyncCatalog) {
            switch target {
            case .state("read"): unread = false
            case .state("unread"), .state("kept-unread"), .state("fresh"): unread = true
            case .state("starred"): starred = true
            case .state: break
            case .feed, .label: feeds.formIntersection(Self.feeds(of: target, in: catalog))
            }
        }

        /// A feed's id (by number, or by its address, as FreshRSS also takes), or a
        /// label's feeds (its name as given, else ignoring case).
        static func feeds(of stream: GoogleReaderStream, in catalog: SyncCatalog) -> Set<Int64> {
            switch stream {
            case .feed(let id):
                let feed = Int64(id).flatMap(catalog.feed) ?? catalog.feeds.first { $0.address == id }
                return Set([feed?.id].compactMap { $0 })
            case .label(let name):
                let exact = catalog.feeds.filter { $0.category.title == name }
                let chosen =
                    exact.isEmpty ? catalog.feeds.filter { $0.category.title.lowercased() == name.lowercased() } : exact
                return Set(chosen.map(\.id))
            case .state: return []
            }
        }
    }
}
