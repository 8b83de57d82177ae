import Foundation
import Tributary
import TributaryLive
import TributaryRendering

/// The API's JSON: the digest in `digest --format json`'s schema (with `new`, `firstSeen`
/// and `read` when a state store is used), and the sources' live state.
enum DigestJSON {
    /// The digest document, as `digest --format json` writes it.
    static func document(of digest: Digest) -> String {
        String(decoding: Renderer.json.bytes(digest), as: UTF8.self)
    }

    /// The same document on one line, for an event: the renderer escapes newlines inside
    /// strings, so every newline left is layout.
    static func line(of digest: Digest) -> String {
        document(of: digest).replacingOccurrences(of: "\n", with: "")
    }

    /// `[{"id", "type", "title", "status", "message", "itemCount", "refreshing", "refreshedAt", "nextRefresh"}]`.
    static func sources(_ sources: [LiveSourceState], unread: [String: Int]? = nil) throws -> String {
        let objects: [[String: Any]] = sources.map { source in
            let status = source.status
            return [
                "unread": unread.map { $0[status.id] ?? 0 as Any } ?? NSNull(),
                "id": status.id, "type": status.type, "title": status.title ?? NSNull(),
                "status": status.state.rawValue, "message": status.message ?? NSNull(),
                "itemCount": status.itemCount, "refreshing": source.isRefreshing,
                "refreshedAt": source.refreshedAt.map(ISO8601Date.format) ?? NSNull(),
                "nextRefresh": source.nextRefresh.map(ISO8601Date.format) ?? NSNull(),
            ]
        }
        let data = try JSONSerialization.data(
            withJSONObject: objects, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
