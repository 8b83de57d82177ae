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
}
