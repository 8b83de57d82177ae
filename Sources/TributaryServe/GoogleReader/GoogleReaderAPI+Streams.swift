import Foundation
import Hummingbird
import Tributary
import TributaryState

extension GoogleReaderAPI {
    static let contentsPrefix = "/reader/api/0/stream/contents"
    static let atomPrefix = "/reader/atom"

    /// The stream a path names after `prefix`, percent-decoded (`feed%2F7` and `feed/7`
    /// alike); the `s` parameter without one (BazQux's form); else the reading list.
    static func streamID(_ request: Request, after prefix: String, _ parameters: GoogleReaderParameters) -> String {
        let path = GoogleReaderPath.canonical(request.uri.path) ?? request.uri.path
        let rest = path.dropFirst(prefix.count).drop { $0 == "/" }
        guard !rest.isEmpty else { return parameters["s"] ?? GoogleReaderStream.readingList }
        return String(rest).removingPercentEncoding ?? String(rest)
    }

    /// `stream/contents/{streamId}`: a page of the stream's items.
    func contents(_ request: Request) async throws -> Response {
        let parameters = try await GoogleReaderParameters.of(request)
        let id = Self.streamID(request, after: Self.contentsPrefix, parameters)
        guard let stream = GoogleReaderStream(id) else { return GoogleReaderResponse.badRequest("unknown stream") }
        let catalog = try catalog()
        let query = GoogleReaderQuery(streams: [stream], parameters, catalog: catalog, maxCount: Self.maxContents)
        let page = query.page(try store().syncEntries(query.query).entries, id: \.id)
        let described = GoogleReaderStreamJSON.Page(
            id: id, title: Self.title(of: stream, in: catalog), updated: Date(), continuation: page.continuation)
        return GoogleReaderResponse.json(
            bytes: GoogleReaderStreamJSON.document(described, items: Self.withFeeds(page.entries, catalog)))
    }

    /// `stream/items/ids?s=…` (repeatable): a page of the streams' item ids, short form.
    func itemIDs(_ request: Request) async throws -> Response {
        let parameters = try await GoogleReaderParameters.of(request)
        let streams = parameters.all("s").compactMap(GoogleReaderStream.init)
        guard !streams.isEmpty else { return GoogleReaderResponse.badRequest("give a stream as s") }
        let catalog = try catalog()
        let query = GoogleReaderQuery(streams: streams, parameters, catalog: catalog, maxCount: Self.maxIDs)
        let page = query.page(try store().syncEntryIDs(query.query), id: \.id)
        let refs = page.entries.map { entry in
            GoogleReaderShapes.ItemRef(
                id: String(entry.id), timestampUsec: GoogleReaderShapes.microseconds(entry.firstSeen))
        }
        return try GoogleReaderResponse.json(
            GoogleReaderShapes.ItemRefs(itemRefs: refs, continuation: page.continuation))
    }

    /// `stream/items/contents` with `i=…` (repeatable; long or short ids): those items,
    /// newest first as streams are (`r=o`: oldest first); ids the archive does not hold
    /// are left out.
    func itemContents(_ request: Request) async throws -> Response {
        let parameters = try await GoogleReaderParameters.of(request)
        let ids = parameters.all("i").compactMap(GoogleReaderItemID.parse)
        guard ids.count <= Self.maxContents else { return GoogleReaderResponse.badRequest("too many items") }
        let catalog = try catalog()
        var query = StateStore.SyncQuery(feeds: catalog.feeds.map(\.id))
        query.entryIDs = ids
        query.descending = parameters["r"] != "o"
        query.counting = false
        let entries = ids.isEmpty ? [] : try store().syncEntries(query).entries
        let described = GoogleReaderStreamJSON.Page(
            id: GoogleReaderStream.readingList, title: "Reading list", updated: Date(), continuation: nil)
        return GoogleReaderResponse.json(
            bytes: GoogleReaderStreamJSON.document(described, items: Self.withFeeds(entries, catalog)))
    }

    /// `/reader/atom/{streamId}`: the stream as an Atom feed, with the same parameters.
    func atom(_ request: Request) async throws -> Response {
        let parameters = try await GoogleReaderParameters.of(request)
        let id = Self.streamID(request, after: Self.atomPrefix, parameters)
        guard let stream = GoogleReaderStream(id) else { return GoogleReaderResponse.badRequest("unknown stream") }
        let catalog = try catalog()
        let query = GoogleReaderQuery(streams: [stream], parameters, catalog: catalog, maxCount: Self.maxContents)
        let page = query.page(try store().syncEntries(query.query).entries, id: \.id)
        let entries = Self.withFeeds(page.entries, catalog)
        var htmlURL: String?
        if case .feed = stream { htmlURL = entries.first?.1.address }
        let document = GoogleReaderAtom.document(
            GoogleReaderAtom.Stream(
                id: id, title: Self.title(of: stream, in: catalog), htmlURL: htmlURL, updated: Date(),
                continuation: page.continuation),
            entries: entries)
        return GoogleReaderResponse.atom(document)
    }

    /// Each entry with its feed (an entry whose feed left the catalog is left out).
    static func withFeeds(_ entries: [StateStore.SyncEntry], _ catalog: SyncCatalog) -> [(
        StateStore.SyncEntry, SyncCatalog.Feed
    )] {
        let feeds = Dictionary(uniqueKeysWithValues: catalog.feeds.map { ($0.id, $0) })
        return entries.compactMap { entry in feeds[entry.feedID].map { (entry, $0) } }
    }

    /// A feed's title, a label's name, or the state's name.
    static func title(of stream: GoogleReaderStream, in catalog: SyncCatalog) -> String {
        switch stream {
        case .feed(let id): Int64(id).flatMap(catalog.feed)?.title ?? id
        case .label(let name): name
        case .state("reading-list"): "Reading list"
        case .state("starred"): "Starred items"
        case .state(let state): state
        }
    }
}
