import Foundation
import Hummingbird
import Tributary
import TributaryLive
import TributaryState

/// The Miniflux API (v1) subset that clients call, over the archive: the run's sources are
/// the feeds, their first tags the categories, archived items the entries. Sign-in is
/// checked before these run (`SyncGuard`).
struct MinifluxAPI: Sendable {
    let hub: DigestHub
    let account: SyncAccount

    /// The most entry ids one `PUT /v1/entries` may carry.
    static let maxEntryIDs = 10_000

    func register(on router: Router<ServeRequestContext>) {
        let api = self
        router.get("/v1/me") { _, _ in try MinifluxResponse.json(MinifluxShapes.User(username: api.account.user)) }
        router.get("/v1/version") { _, _ in
            try MinifluxResponse.json(["version": "2.2.0", "commit": "tributary-\(TributaryVersion.current)"])
        }
        router.get("/v1/categories") { request, _ in try api.categories(request) }
        router.get("/v1/categories/:id/feeds") { _, context in try api.feeds(inCategory: context) }
        router.get("/v1/categories/:id/entries") { request, context in try api.entries(request, category: context) }
        router.put("/v1/categories/:id/mark-all-as-read") { _, context in try api.markCategoryRead(context) }
        router.get("/v1/feeds") { _, _ in try api.feeds() }
        router.get("/v1/feeds/counters") { _, _ in try api.counters() }
        router.put("/v1/feeds/refresh") { _, _ in api.refresh(nil) }
        router.get("/v1/feeds/:id") { _, context in try api.feed(context) }
        router.get("/v1/feeds/:id/entries") { request, context in try api.entries(request, feed: context) }
        router.get("/v1/feeds/:id/entries/:entry") { _, context in try api.entry(context, inFeed: true) }
        router.put("/v1/feeds/:id/mark-all-as-read") { _, context in try api.markFeedRead(context) }
        router.put("/v1/feeds/:id/refresh") { _, context in try api.refreshFeed(context) }
        router.get("/v1/entries") { request, _ in try api.entries(request, among: nil) }
        router.put("/v1/entries") { request, _ in try await api.updateEntries(request) }
        router.get("/v1/entries/:entry") { _, context in try api.entry(context, inFeed: false) }
        router.put("/v1/entries/:entry/bookmark") { _, context in try api.toggleBookmark(context) }
    }

    // MARK: feeds and categories

    private func categories(_ request: Request) throws -> Response {
        let catalog = try catalog()
        let withCounts = request.uri.queryParameters["counts"] == "true"
        let counts = withCounts ? try store().syncCounts(catalog.feeds.map(\.id)) : [:]
        return try MinifluxResponse.json(
            catalog.categories.map { category in
                var shape = MinifluxShapes.category(category)
                if withCounts {
                    let feeds = catalog.feeds(in: category)
                    shape.feedCount = feeds.count
                    shape.totalUnread = feeds.reduce(0) { $0 + (counts[$1.id]?.unread ?? 0) }
                }
                return shape
            })
    }

    private func feeds() throws -> Response {
        let catalog = try catalog()
        return try MinifluxResponse.json(catalog.feeds.map(shape))
    }

    private func feeds(inCategory context: ServeRequestContext) throws -> Response {
        let catalog = try catalog()
        guard let category = context.parameters.get("id", as: Int64.self).flatMap(catalog.category) else {
            return MinifluxResponse.notFound()
        }
        return try MinifluxResponse.json(catalog.feeds(in: category).map(shape))
    }

    private func feed(_ context: ServeRequestContext) throws -> Response {
        guard let feed = try feed(in: context) else { return MinifluxResponse.notFound() }
        return try MinifluxResponse.json(shape(feed))
    }

    private func counters() throws -> Response {
        let catalog = try catalog()
        let counts = try store().syncCounts(catalog.feeds.map(\.id))
        var reads: [String: Int] = [:]
        var unreads: [String: Int] = [:]
        for feed in catalog.feeds {
            reads[String(feed.id)] = counts[feed.id]?.read ?? 0
            unreads[String(feed.id)] = counts[feed.id]?.unread ?? 0
        }
        return try MinifluxResponse.json(MinifluxShapes.Counters(reads: reads, unreads: unreads))
    }

    // MARK: entries

    private func entries(_ request: Request, feed context: ServeRequestContext) throws -> Response {
        guard let feed = try feed(in: context) else { return MinifluxResponse.notFound() }
        return try entries(request, among: [feed.id])
    }

    private func entries(_ request: Request, category context: ServeRequestContext) throws -> Response {
        let catalog = try catalog()
        guard let category = context.parameters.get("id", as: Int64.self).flatMap(catalog.category) else {
            return MinifluxResponse.notFound()
        }
        return try entries(request, among: catalog.feeds(in: category).map(\.id))
    }

    /// A page of entries of `feeds` (all the run's when nil; narrowed by `category_id`).
    private func entries(_ request: Request, among feeds: [Int64]?) throws -> Response {
        let catalog = try catalog()
        var chosen = feeds ?? catalog.feeds.map(\.id)
        if let category = request.uri.queryParameters["category_id"].flatMap({ Int64(String($0)) }) {
            let inCategory = Set(catalog.feeds.filter { $0.category.id == category }.map(\.id))
            chosen = chosen.filter(inCategory.contains)
        }
        let query: StateStore.SyncQuery
        switch MinifluxEntryQuery.parse(request.uri.queryParameters, feeds: chosen) {
        case .success(let parsed): query = parsed
        case .failure(let failure): return MinifluxResponse.badRequest(failure.message)
        }
        let page = try store().syncEntries(query)
        let shapes = shapes(of: catalog)
        let entries = page.entries.compactMap { entry in
            shapes[entry.feedID].map { MinifluxShapes.entry(entry, feed: $0) }
        }
        return try MinifluxResponse.json(MinifluxShapes.EntryPage(total: page.total, entries: entries))
    }

    private func entry(_ context: ServeRequestContext, inFeed: Bool) throws -> Response {
        let catalog = try catalog()
        var feeds = catalog.feeds.map(\.id)
        if inFeed {
            guard let feed = context.parameters.get("id", as: Int64.self).flatMap(catalog.feed) else {
                return MinifluxResponse.notFound()
            }
            feeds = [feed.id]
        }
        guard let id = context.parameters.get("entry", as: Int64.self), let entry = try entries([id], in: feeds).first,
            let feed = shapes(of: catalog)[entry.feedID]
        else { return MinifluxResponse.notFound() }
        return try MinifluxResponse.json(MinifluxShapes.entry(entry, feed: feed))
    }

    // MARK: changes

    struct StatusChange: Decodable {
        var entryIds: [Int64]
        var status: String
    }

    /// `PUT /v1/entries` with `{"entry_ids": […], "status": "read"|"unread"}`. The body is
    /// read as JSON whatever its `Content-Type` says (newsboat labels it a form).
    private func updateEntries(_ request: Request) async throws -> Response {
        let body = try await request.body.collect(upTo: ServeActions.maxBodySize)
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        guard let change = try? decoder.decode(StatusChange.self, from: Data(body.readableBytesView)) else {
            return MinifluxResponse.badRequest(#"Expected {"entry_ids": [1, 2], "status": "read"}"#)
        }
        guard change.status == "read" || change.status == "unread" else {
            return MinifluxResponse.badRequest("Invalid entry status: \(TextCleanup.singleLine(change.status))")
        }
        guard !change.entryIds.isEmpty, change.entryIds.count <= Self.maxEntryIDs else {
            return MinifluxResponse.badRequest("Give from 1 to \(Self.maxEntryIDs) entry ids")
        }
        let entries = try entries(change.entryIds, in: try catalog().feeds.map(\.id))
        _ = try memory().mark(entries.map(\.item.id), read: change.status == "read", at: Date())
        hub.latest.set(hub.live.currentDigest)
        return MinifluxResponse.noContent()
    }

    private func toggleBookmark(_ context: ServeRequestContext) throws -> Response {
        guard let id = context.parameters.get("entry", as: Int64.self),
            let entry = try entries([id], in: try catalog().feeds.map(\.id)).first
        else { return MinifluxResponse.notFound() }
        _ = try memory().star([Int(id)], starred: entry.starredAt == nil, at: Date())
        hub.latest.set(hub.live.currentDigest)
        return MinifluxResponse.noContent()
    }

    private func markFeedRead(_ context: ServeRequestContext) throws -> Response {
        guard let feed = try feed(in: context) else { return MinifluxResponse.notFound() }
        return try markRead([feed])
    }

    private func markCategoryRead(_ context: ServeRequestContext) throws -> Response {
        let catalog = try catalog()
        guard let category = context.parameters.get("id", as: Int64.self).flatMap(catalog.category) else {
            return MinifluxResponse.notFound()
        }
        return try markRead(catalog.feeds(in: category))
    }

    private func markRead(_ feeds: [SyncCatalog.Feed]) throws -> Response {
        _ = try memory().markRead(sources: feeds.map(\.entry.id), at: Date())
        hub.latest.set(hub.live.currentDigest)
        return MinifluxResponse.noContent()
    }

    private func refreshFeed(_ context: ServeRequestContext) throws -> Response {
        guard let feed = try feed(in: context) else { return MinifluxResponse.notFound() }
        return refresh(feed.entry.id)
    }

    /// Starts a refresh and answers at once, as Miniflux queues one; a refresh already
    /// running stands in for it.
    private func refresh(_ source: String?) -> Response {
        let hub = hub
        Task {
            if let source { try? await hub.refreshOne.execute(source) } else { try? await hub.refreshAll.execute(()) }
        }
        return MinifluxResponse.noContent()
    }

    // MARK: lookups

    private func memory() throws -> LiveMemory {
        guard let memory = hub.live.memory else { throw SyncUnavailable() }
        return memory
    }

    private func store() throws -> StateStore { try memory().store }

    private func catalog() throws -> SyncCatalog { try SyncCatalog(hub: hub, store: store()) }

    private func feed(in context: ServeRequestContext) throws -> SyncCatalog.Feed? {
        try context.parameters.get("id", as: Int64.self).flatMap(catalog().feed)
    }

    private func entries(_ ids: [Int64], in feeds: [Int64]) throws -> [StateStore.SyncEntry] {
        var query = StateStore.SyncQuery(feeds: feeds)
        query.entryIDs = ids
        return try store().syncEntries(query).entries
    }

    private func shape(_ feed: SyncCatalog.Feed) -> MinifluxShapes.Feed {
        MinifluxShapes.feed(feed, status: hub.latest.value.digest.sources.first { $0.id == feed.entry.id })
    }

    private func shapes(of catalog: SyncCatalog) -> [Int64: MinifluxShapes.Feed] {
        Dictionary(uniqueKeysWithValues: catalog.feeds.map { ($0.id, shape($0)) })
    }
}

/// The run has no state store (`--no-state`), so there is no archive to sync.
struct SyncUnavailable: Error {}
