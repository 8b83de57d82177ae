import Foundation
import Hummingbird
import Tributary
import TributaryState

extension GoogleReaderAPI {
    static let readState = "read"
    static let starredState = "starred"

    /// Whether a change may go ahead: its `T` is the action token, or, as FreshRSS allows
    /// for clients that send none (FeedMe) or a placeholder (Reeder), empty, absent or `x`.
    /// The request is signed in already; `T` guards against a page that makes the browser post.
    func acceptsActionToken(_ parameters: GoogleReaderParameters) -> Bool {
        let token = parameters["T"] ?? ""
        return token.isEmpty || token == "x" || credentials.accepts(actionToken: token)
    }

    /// `edit-tag`: `i` (items, repeatable, long or short ids), `a` and `r` (the states to
    /// add and remove, repeatable). Read and starred change; `kept-unread` added marks
    /// unread; other states and labels change nothing (the labels are the sources' tags).
    /// Ids the archive does not hold are passed over, and the answer is `OK`.
    func editTag(_ request: Request) async throws -> Response {
        let parameters = try await GoogleReaderParameters.of(request)
        guard acceptsActionToken(parameters) else { return GoogleReaderResponse.unauthorized(badToken: true) }
        let ids = parameters.all("i").compactMap(GoogleReaderItemID.parse)
        guard !ids.isEmpty, ids.count <= Self.maxContents else {
            return GoogleReaderResponse.badRequest("give from 1 to \(Self.maxContents) items as i")
        }
        let added = Set(parameters.all("a").compactMap(Self.state))
        let removed = Set(parameters.all("r").compactMap(Self.state))
        var query = StateStore.SyncQuery(feeds: try catalog().feeds.map(\.id))
        query.entryIDs = ids
        query.counting = false
        let entries = try store().syncEntries(query).entries
        let memory = try memory()
        if added.contains(Self.readState) {
            _ = try memory.mark(entries.map(\.item.id), read: true, at: Date())
        } else if removed.contains(Self.readState) || added.contains("kept-unread") {
            _ = try memory.mark(entries.map(\.item.id), read: false, at: Date())
        }
        if added.contains(Self.starredState) != removed.contains(Self.starredState) {
            _ = try memory.star(entries.map { Int($0.id) }, starred: added.contains(Self.starredState), at: Date())
        }
        hub.latest.set(hub.live.currentDigest)
        return GoogleReaderResponse.ok()
    }

    /// `mark-all-as-read`: `s` (a feed, a label, the reading list, the starred items) and
    /// `ts` (only items first seen before it; microseconds, or seconds to nanoseconds).
    func markAllAsRead(_ request: Request) async throws -> Response {
        let parameters = try await GoogleReaderParameters.of(request)
        guard acceptsActionToken(parameters) else { return GoogleReaderResponse.unauthorized(badToken: true) }
        guard let stream = parameters["s"].flatMap(GoogleReaderStream.init) else {
            return GoogleReaderResponse.badRequest("give a stream as s")
        }
        let catalog = try catalog()
        let before = parameters.integer("ts").flatMap { $0 > 0 ? GoogleReaderQuery.date($0) : nil }
        let selection = GoogleReaderQuery.Selection(stream, in: catalog)
        let memory = try memory()
        if selection.starred == nil, selection.unread != false {
            let feeds = catalog.feeds.filter { selection.feeds.contains($0.id) }
            _ = try memory.markRead(sources: feeds.map(\.entry.id), olderThan: before, at: Date())
        } else {
            var query = StateStore.SyncQuery(feeds: catalog.feeds.map(\.id).filter(selection.feeds.contains))
            query.starred = selection.starred
            query.unread = true
            query.firstSeenBefore = before
            query.counting = false
            _ = try memory.mark(try store().syncEntries(query).entries.map(\.item.id), read: true, at: Date())
        }
        hub.latest.set(hub.live.currentDigest)
        return GoogleReaderResponse.ok()
    }

    /// The state a tag names (`user/-/state/com.google/read` → `read`); nil for a label.
    static func state(_ tag: String) -> String? {
        guard case .state(let state) = GoogleReaderStream(tag) else { return nil }
        return state
    }
}
