import Foundation
import Hummingbird
import Tributary
import TributaryLive

/// The archive's endpoints: `POST /api/star` stars and unstars items, `GET /api/archive`
/// reads the archive (the page's "Unread only" and its search of two characters or more).
enum ServeArchive {
    /// The most items `GET /api/archive` answers with, and the longest query it takes.
    static let maxLimit = 1_000
    static let maxQueryLength = 500

    struct StarBody: Decodable {
        var ids: [Int]
        var starred: Bool?
    }

    /// `POST /api/star` with `{"ids": [entryID, …], "starred": true|false}` (true when left
    /// out): answers `{"changed": n, "unknown": [ids]}`.
    static func star(_ request: Request, hub: DigestHub) async throws -> Response {
        guard let memory = hub.live.memory else {
            return ServeResponse.text("No state store (--no-state): nothing can be starred.\n", status: .conflict)
        }
        let buffer = try await request.body.collect(upTo: ServeActions.maxBodySize)
        guard let body = try? JSONDecoder().decode(StarBody.self, from: Data(buffer.readableBytesView)) else {
            return ServeResponse.text("Expected {\"ids\": [entryID, …], \"starred\": true}.\n", status: .badRequest)
        }
        let marking = try memory.star(body.ids, starred: body.starred ?? true, at: Date())
        hub.latest.set(hub.live.currentDigest)  // every page shows the star at once
        let unknown = marking.unknown.map(String.init).joined(separator: ", ")
        return ServeResponse.json(#"{"changed": \#(marking.changed), "unknown": [\#(unknown)]}"# + "\n")
    }

    /// `GET /api/archive?q=…&unread=1&starred=1&limit=n`: the archive's items of this
    /// run's sources, newest first, as a digest document; `q` is an FTS5 query (400 when
    /// it is not one).
    static func read(_ request: Request, hub: DigestHub) throws -> Response {
        guard let memory = hub.live.memory else {
            return ServeResponse.text("No state store (--no-state): there is no archive.\n", status: .conflict)
        }
        let parameters = request.uri.queryParameters
        let text = parameters["q"].map(String.init).flatMap { $0.isEmpty ? nil : $0 }
        if let text, text.count > maxQueryLength {
            return ServeResponse.text("The query is longer than \(maxQueryLength) characters.\n", status: .badRequest)
        }
        let limit = parameters["limit"].flatMap { Int(String($0)) }.map { min(max($0, 1), maxLimit) } ?? 200
        do {
            let digest = try memory.archive(
                of: hub.live.sourceIDs, matching: text, unreadOnly: parameters["unread"] == "1",
                starredOnly: parameters["starred"] == "1", limit: limit, beside: hub.latest.value.digest, at: Date())
            return ServeResponse.json(DigestJSON.document(of: digest))
        } catch let error as TributaryError where error.code == .invalidConfiguration {
            return ServeResponse.text(error.message + "\n", status: .badRequest)
        }
    }
}
