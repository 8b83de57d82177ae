import Foundation
import Hummingbird
import Tributary
import TributaryLive

/// What the POST endpoints do: refresh (all sources, or one) and mark items read.
enum ServeActions {
    /// The most a POST body may hold.
    static let maxBodySize = 256 * 1024

    struct RefreshBody: Decodable { var source: String? }
    struct ReadBody: Decodable {
        var ids: [String]
        var read: Bool?
    }

    /// `POST /api/refresh` (`?source=id`, or `{"source": "id"}`): answers once the refresh
    /// has finished, 409 while one is under way, 404 for an unknown source.
    static func refresh(_ request: Request, hub: DigestHub) async throws -> Response {
        let body = try await decode(RefreshBody.self, from: request, emptyIs: RefreshBody())
        guard let body else {
            return ServeResponse.text("Expected {\"source\": \"id\"} or no body.\n", status: .badRequest)
        }
        let source = request.uri.queryParameters["source"].map(String.init) ?? body.source
        if let source, !hub.live.sourceIDs.contains(source) {
            return ServeResponse.text(
                "No source \"\(TextCleanup.singleLine(source))\" in this run.\n", status: .notFound)
        }
        guard !hub.isRefreshing else { return ServeResponse.text("A refresh is already running.\n", status: .conflict) }
        do {
            if let source { try await hub.refreshOne.execute(source) } else { try await hub.refreshAll.execute(()) }
        } catch is Command<Void, Void>.AlreadyExecuting {
            return ServeResponse.text("A refresh is already running.\n", status: .conflict)
        } catch is Command<String, Void>.AlreadyExecuting {
            return ServeResponse.text("A refresh is already running.\n", status: .conflict)
        }
        let refreshed = hub.live.currentDigest
        hub.latest.set(refreshed)  // answered with the refreshed digest in place, not 300 ms later
        let unread = try hub.live.memory?.store.unreadCounts()
        return ServeResponse.json(try DigestJSON.sources(refreshed.sources, unread: unread))
    }

    /// `POST /api/read` with `{"ids": […], "read": false}` (read when left out): marks those
    /// items; answers how many changed, or 422 naming the ids the store does not hold (the
    /// others are marked), as `mark-read` exits 1 naming them.
    static func markRead(_ request: Request, hub: DigestHub) async throws -> Response {
        guard let memory = hub.live.memory else {
            return ServeResponse.text("No state store (--no-state): nothing can be marked read.\n", status: .conflict)
        }
        guard let body = try await decode(ReadBody.self, from: request, emptyIs: nil) else {
            return ServeResponse.text(
                "Expected {\"ids\": [\"source:id\", …], \"read\": true|false}.\n", status: .badRequest)
        }
        let marking = try memory.mark(body.ids, read: body.read ?? true, at: Date())
        hub.latest.set(hub.live.currentDigest)  // the read marks reach every page at once
        guard marking.unknown.isEmpty else {
            let unknown = try JSONSerialization.data(withJSONObject: marking.unknown.map(TextCleanup.singleLine))
            return ServeResponse.json(
                #"{"marked": \#(marking.marked), "unknown": \#(String(decoding: unknown, as: UTF8.self))}"# + "\n",
                status: .unprocessableContent)
        }
        return ServeResponse.json(#"{"marked": \#(marking.marked), "unknown": []}"# + "\n")
    }

    /// The JSON body as `type`; `emptyIs` for an empty body; nil when it does not decode.
    private static func decode<T: Decodable>(_ type: T.Type, from request: Request, emptyIs empty: T?) async throws
        -> T?
    {
        let buffer = try await request.body.collect(upTo: maxBodySize)
        guard buffer.readableBytes > 0 else { return empty }
        return try? JSONDecoder().decode(T.self, from: Data(buffer.readableBytesView))
    }
}
