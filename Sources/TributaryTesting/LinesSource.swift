import Foundation
import Tributary

/// How a `LinesSource` turns one line of the local server's body into an item.
public protocol LineItems: Sendable {
    /// The source type's name in feeds.json.
    static var type: String { get }
    /// The item `line` makes, for the entry whose id is `feed`.
    static func item(_ line: String, in feed: String) -> FeedItem
}

/// A source for host tests: it asks the local server for `/<entry id>` and makes one item
/// per line of the body, as `Lines` says.
public struct LinesSource<Lines: LineItems>: SingleRequestSource {
    public static var type: String { Lines.type }
    public static var summary: String { "one item per line of a text body, for tests" }
    public static var options: [OptionSpec] { [] }

    let entry: SourceEntry

    public init(entry: SourceEntry) throws { self.entry = entry }

    public func request() throws -> HTTPRequest {
        HTTPRequest(url: entry.baseURL(default: "http://127.0.0.1:9").appendingPathComponent(entry.id))
    }

    public func update(from response: HTTPResponse) throws -> SourceUpdate {
        try response.requireSuccess()
        let lines = String(decoding: response.body, as: UTF8.self).split(separator: "\n")
        return SourceUpdate(items: lines.map { Lines.item(String($0), in: entry.id) })
    }
}
