import Foundation
import HTTPTypes
import Hummingbird
import Tributary
import TributaryLive
import TributaryState

/// The Google Reader API as FreshRSS serves it, over the archive: the run's sources are
/// the feeds (`feed/ID`), their first tags the labels (`user/-/label/NAME`), archived items
/// the items. `SyncGuard` signs in first (`ClientLogin`'s form, then `Authorization:
/// GoogleLogin auth=…`); every route is served at the root and under FreshRSS's prefix,
/// `/api/greader.php`, as clients are given either.
struct GoogleReaderAPI: Sendable {
    let hub: DigestHub
    let credentials: SyncCredentials

    /// The most items one page of contents holds, and the most ids one page of ids.
    static let maxContents = 10_000
    static let maxIDs = 100_000

    func register(on router: Router<ServeRequestContext>) {
        // FreshRSS's answer to a client probing the address it was given.
        router.get(RouterPath(GoogleReaderPath.prefix)) { _, _ in GoogleReaderResponse.ok() }
        add(to: router)
        add(to: router.group(RouterPath(GoogleReaderPath.prefix)))
    }

    private func add<Routes: RouterMethods>(to routes: Routes) where Routes.Context == ServeRequestContext {
        let api = self
        for method in [HTTPRequest.Method.get, .post] {
            routes.on("/accounts/ClientLogin", method: method) { _, _ in api.clientLogin() }
            routes.on("/reader/api/0/token", method: method) { _, _ in
                GoogleReaderResponse.text(api.credentials.actionToken + "\n")
            }
            routes.on("/reader/api/0/stream/contents", method: method) { request, _ in try await api.contents(request) }
            routes.on("/reader/api/0/stream/contents/**", method: method) { request, _ in
                try await api.contents(request)
            }
            routes.on("/reader/api/0/stream/items/ids", method: method) { request, _ in try await api.itemIDs(request) }
            routes.on("/reader/api/0/stream/items/contents", method: method) { request, _ in
                try await api.itemContents(request)
            }
        }
        routes.get("/reader/api/0/user-info") { _, _ in try api.userInfo() }
        routes.get("/reader/api/0/subscription/list") { _, _ in try api.subscriptions() }
        routes.get("/reader/api/0/tag/list") { _, _ in try api.tags() }
        routes.get("/reader/api/0/unread-count") { _, _ in try api.unreadCounts() }
        routes.post("/reader/api/0/edit-tag") { request, _ in try await api.editTag(request) }
        routes.post("/reader/api/0/mark-all-as-read") { request, _ in try await api.markAllAsRead(request) }
        routes.get("/reader/atom/**") { request, _ in try await api.atom(request) }
    }

    // MARK: account

    /// The form was checked by `SyncGuard`; the answer gives the `Auth` token three times
    /// over, as Google did (`SID`, `LSID`, `Auth`).
    private func clientLogin() -> Response {
        let auth = credentials.googleAuth
        return GoogleReaderResponse.text("SID=\(auth)\nLSID=null\nAuth=\(auth)\n")
    }

    private func userInfo() throws -> Response {
        let user = credentials.account.user
        return try GoogleReaderResponse.json([
            "userId": user, "userName": user, "userProfileId": user, "userEmail": "",
        ])
    }

    // MARK: feeds and labels

    private func subscriptions() throws -> Response {
        struct List: Encodable { var subscriptions: [GoogleReaderShapes.Subscription] }
        return try GoogleReaderResponse.json(
            List(subscriptions: try catalog().feeds.map(GoogleReaderShapes.subscription)))
    }

    private func tags() throws -> Response {
        let catalog = try catalog()
        struct List: Encodable { var tags: [GoogleReaderShapes.Tag] }
        let labels = catalog.categories.map { category in
            GoogleReaderShapes.Tag(id: GoogleReaderStream.label(category.title), sortid: nil, type: "folder")
        }
        return try GoogleReaderResponse.json(
            List(tags: [GoogleReaderShapes.Tag(id: GoogleReaderStream.starred, sortid: nil, type: nil)] + labels))
    }

    /// Each feed's unread count, each label's, the reading list's (`max` too), with the
    /// time the newest item of each was first seen.
    private func unreadCounts() throws -> Response {
        let catalog = try catalog()
        let counts = try store().syncUnreadCounts(catalog.feeds.map(\.id))
        func count(_ id: String, _ feeds: [SyncCatalog.Feed]) -> GoogleReaderShapes.UnreadCount {
            let unread = feeds.reduce(0) { $0 + (counts[$1.id]?.unread ?? 0) }
            let newest = feeds.compactMap { counts[$0.id]?.newest }.max()
            return GoogleReaderShapes.UnreadCount(
                id: id, count: unread, newestItemTimestampUsec: newest.map(GoogleReaderShapes.microseconds) ?? "0")
        }
        var unreadcounts = catalog.feeds.map { count(GoogleReaderStream.feedID($0.id), [$0]) }
        unreadcounts += catalog.categories.map { count(GoogleReaderStream.label($0.title), catalog.feeds(in: $0)) }
        let total = count(GoogleReaderStream.readingList, catalog.feeds)
        struct Counts: Encodable {
            var max: Int
            var unreadcounts: [GoogleReaderShapes.UnreadCount]
        }
        return try GoogleReaderResponse.json(Counts(max: total.count, unreadcounts: unreadcounts + [total]))
    }

    // MARK: lookups

    func memory() throws -> LiveMemory {
        guard let memory = hub.live.memory else { throw SyncUnavailable() }
        return memory
    }

    func store() throws -> StateStore { try memory().store }

    func catalog() throws -> SyncCatalog { try SyncCatalog(hub: hub, store: store()) }
}
