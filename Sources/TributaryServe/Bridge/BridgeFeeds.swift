import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import Tributary
import TributaryLive
import TributaryRendering

/// Every source as a feed, for any reader: `GET /feeds/{source}.atom`, `.rss` and `.json`
/// (JSON Feed), and `/feeds/all.atom` (`.rss`, `.json`) for the merged digest, written by
/// the same renderers as `digest --format atom|rss|jsonfeed`. Each answer carries an
/// `ETag` and a `Last-Modified`, so a reader that polls gets `304 Not Modified` until the
/// feed changes (RFC 9110 §13.1.1, §13.1.3).
struct BridgeFeeds: Sendable {
    /// The merged digest's feed name.
    static let allFeeds = "all"
    /// The formats, by the file extension in the path.
    static let formats: [String: Renderer] = ["atom": .atom, "rss": .rss, "json": .jsonFeed]

    let hub: DigestHub
    let access: BridgeAccess

    func register(on router: Router<ServeRequestContext>) {
        let bridge = self
        router.get("/feeds/:file") { request, context in bridge.answer(request, file: context.parameters.get("file")) }
    }

    /// The feeds' addresses on `base` (`http://host:port`), each with its token when one is needed.
    func addresses(on base: String) -> [String] {
        ([Self.allFeeds] + hub.live.sourceIDs).map { feed in
            let query = access.token(for: feed).map { "?token=\($0)" } ?? ""
            return "\(base)/feeds/\(Self.percentEncoded(feed)).atom\(query)"
        }
    }

    /// Tells on standard error where the feeds are: with tokens, every feed's address;
    /// without, the pattern.
    func announce(on port: Int, host: String) {
        let base = "http://\(host.contains(":") ? "[\(host)]" : host):\(port)"
        let lines =
            access.token(for: Self.allFeeds) == nil
            ? [
                "tributary: every source as a feed: \(base)/feeds/{source}.atom (.rss, .json), all: \(base)/feeds/all.atom"
            ]
            : addresses(on: base).map { "tributary: feed: \($0)" }
        FileHandle.standardError.write(Data(lines.map { $0 + "\n" }.joined().utf8))
    }

    private func answer(_ request: Request, file: String?) -> Response {
        guard let file, let dot = file.lastIndex(of: "."),
            let renderer = Self.formats[String(file[file.index(after: dot)...])]
        else { return ServeResponse.text("Feeds are /feeds/{source}.atom, .rss or .json.\n", status: .notFound) }
        let feed = String(file[..<dot])
        guard feed == Self.allFeeds || hub.live.sourceIDs.contains(feed) else {
            return ServeResponse.text("No source \"\(TextCleanup.singleLine(feed))\" in this run.\n", status: .notFound)
        }
        guard access.allows(request, feed: feed) else {
            return ServeResponse.body(
                "Sign in with the sync account, or add the feed's ?token= that serve printed at start.\n",
                type: "text/plain; charset=utf-8", status: .unauthorized,
                headers: [.wwwAuthenticate: #"Basic realm="Tributary""#])
        }
        let digest = Self.digest(of: hub.latest.value.digest, feed: feed)
        let body = renderer.bytes(digest)
        let tag = "\"" + SHA256.hash(data: body).prefix(16).map { String(format: "%02x", $0) }.joined() + "\""
        let modified = digest.items.compactMap(\.published).max() ?? digest.generatedAt
        let validators: HTTPFields = [
            .eTag: tag, .lastModified: HTTPDate.format(modified), .cacheControl: "no-cache",
        ]
        if Self.isUnchanged(request, tag: tag, modified: modified) {
            return Response(status: .notModified, headers: validators)
        }
        var headers = validators
        headers[.contentType] = renderer.mediaType
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// The digest's part that is `feed`: one source's items and status, titled after it.
    static func digest(of digest: Tributary.Digest, feed: String) -> Tributary.Digest {
        guard feed != allFeeds else { return digest }
        let status = digest.sources.first { $0.id == feed }
        var part = Tributary.Digest(
            title: "\(digest.title): \(status?.title ?? feed)", generatedAt: digest.generatedAt,
            sources: status.map { [$0] } ?? [], items: digest.items.filter { $0.source == feed })
        part.memory = digest.memory
        return part
    }

    /// Whether the client's copy is current: `If-None-Match` names the tag (or `*`), or,
    /// without `If-None-Match`, `If-Modified-Since` is no earlier than the feed's change.
    static func isUnchanged(_ request: Request, tag: String, modified: Date) -> Bool {
        if let match = request.headers[.ifNoneMatch] {
            return match.split(separator: ",").contains { candidate in
                let trimmed = candidate.trimmingCharacters(in: .whitespaces)
                return trimmed == "*" || trimmed == tag || trimmed == "W/" + tag
            }
        }
        guard let since = request.headers[.ifModifiedSince].flatMap(HTTPDate.parse) else { return false }
        return modified.timeIntervalSince1970.rounded(.down) <= since.timeIntervalSince1970
    }

    private static func percentEncoded(_ name: String) -> String {
        name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/")))
            ?? name
    }
}
