import Foundation
import Tributary

/// Items that look like a web feed's (title, page, author, a paragraph of summary,
/// thumbnail, two tags), one per line of the local server's body: what the item-memory
/// test reads back and the item-memory benchmark measures.
public enum ArticleLines: LineItems {
    public static let type = "articles"

    public static func item(_ line: String, in feed: String) -> FeedItem {
        FeedItem(
            id: "\(feed)-\(line)", source: "", sourceType: type, kind: .article,
            title: "Swift & café #\(line) in \(feed)",
            url: URL(string: "https://example.com/\(feed)/posts/\(line)"), author: "Author \(line) Ørsted",
            published: Date(timeIntervalSince1970: 1_795_300_000),
            summary: String(repeating: "Lorem ipsum. ", count: 16),
            thumbnail: URL(string: "https://img.example.com/\(feed)/\(line).jpg"), tags: ["swift", "feeds & more"])
    }

    /// A digest of `sources` entries of `perSource` such items each, fetched from a local
    /// server through `transport` (the caller's engine, such as libcurl's).
    public static func digest(sources: Int, perSource: Int, transport: any HTTPTransport) async throws -> Digest {
        let body = (1...perSource).map(String.init).joined(separator: "\n")
        let server = try await LocalHTTPServer.start { _ in .text(body) }
        let registry = SourceRegistry([SourceType(LinesSource<ArticleLines>.self)])
        let entries = (0..<sources).map { #"{"id": "s\#($0)", "type": "\#(type)", "baseURL": "\#(server.baseURL)"}"# }
        let json = #"{"limit": 0, "sources": [\#(entries.joined(separator: ","))]}"#
        let config = try ConfigLoader(registry: registry, environment: [:]).load(Data(json.utf8))
        let pipeline = DigestPipeline(
            config: config, registry: registry, http: HTTPClient(transport: transport, timeout: .seconds(10)),
            reducer: DigestReducer(config: config))
        let digest = try await pipeline.run()
        await server.shutdown()
        return digest
    }
}
