import Foundation
import Tributary

/// A digest of what makes a report hard to read, for the report's reading tests: titles,
/// authors and tags in Arabic and Hebrew, a post whose summary repeats its title, a Hacker
/// News RSS listing, scores on different scales, a long failure and pictures that fail.
public enum ReadingDigest {
    public static let generatedAt = Date(timeIntervalSince1970: 1_795_320_000)

    /// The digest; pictures point at `images` (`missing-*.jpg` are meant to fail).
    public static func digest(images: URL = URL(string: "https://images.example")!) -> Digest {
        Digest(
            title: "Reading digest", generatedAt: generatedAt,
            sources: [
                SourceStatus(id: "500px", type: "500px", state: .ok, itemCount: 2),
                SourceStatus(id: "so", type: "stackoverflow", state: .ok, itemCount: 2),
                SourceStatus(id: "x", type: "twitter", state: .ok, itemCount: 1),
                // An id that starts with digits: beside an Arabic title it would be pulled apart.
                SourceStatus(id: "24-ar", type: "feed", title: "أخبار 24", state: .ok, itemCount: 1),
                SourceStatus(id: "hn-frontpage", type: "feed", state: .ok, itemCount: 1),
                SourceStatus(
                    id: "hn-api", type: "hackernews", state: .failed,
                    message: "the server answered 503: Service Unavailable; Hacker News' search is down for "
                        + "maintenance until 06:00 UTC, so this source will be retried on the next run",
                    errorCode: .badResponse),
                SourceStatus(
                    id: "x-search", type: "twitter", state: .skipped,
                    message: "bearerToken is not set; set TWITTER_BEARER_TOKEN"),
            ],
            items: photos(images) + questions(images) + posts
        )
    }

    private static func photos(_ images: URL) -> [FeedItem] {
        [("Dunes at first light", 99.9, "thumb-1.png"), ("מגדלור בסערה", 98.1, "missing-photo.jpg")].enumerated()
            .map { index, photo in
                FeedItem(
                    id: "500px:\(index + 1)", source: "500px", sourceType: "500px", kind: .photo, title: photo.0,
                    url: URL(string: "https://500px.com/photo/\(index + 1)"), author: "נועה לוי",
                    published: generatedAt.addingTimeInterval(Double(-900 - index * 600)), score: photo.1,
                    thumbnail: images.appendingPathComponent(photo.2),
                    image: images.appendingPathComponent(photo.2))
            }
    }

    private static func questions(_ images: URL) -> [FeedItem] {
        [
            FeedItem(
                id: "so:1", source: "so", sourceType: "stackoverflow", kind: .question,
                title: "איך ממירים מחרוזת למספר ב-Swift?", url: URL(string: "https://stackoverflow.com/q/1"),
                author: "דנה כהן", published: generatedAt.addingTimeInterval(-3_600), score: 14,
                summary: "2 answers · 310 views", thumbnail: images.appendingPathComponent("missing-avatar.png"),
                tags: ["swift", "עברית"]),
            FeedItem(
                id: "so:2", source: "so", sourceType: "stackoverflow", kind: .question,
                title: "Why is my list empty?", url: URL(string: "https://stackoverflow.com/q/2"),
                published: generatedAt.addingTimeInterval(-7_200)),
        ]
    }

    private static let posts: [FeedItem] = [
        FeedItem(
            id: "x:1", source: "x", sourceType: "twitter", kind: .post, title: "We shipped the harbour timelapse",
            url: URL(string: "https://x.com/someone/status/1"), author: "@harbourcam",
            published: generatedAt.addingTimeInterval(-1_800), summary: "We shipped the harbour timelapse"),
        FeedItem(
            id: "24-ar:1", source: "24-ar", sourceType: "feed", kind: .article,
            title: "صدر الإصدار الجديد من سويفت 2026",
            url: URL(string: "https://example.org/ar/1"), author: "سارة",
            published: generatedAt.addingTimeInterval(-2_400),
            summary: "صدر الإصدار الجديد من سويفت 2026: تشخيصات أفضل وبناء أسرع."),
        FeedItem(
            id: "hn-frontpage:1", source: "hn-frontpage", sourceType: "feed", kind: .article,
            title: "Show HN: A feed reader in 300 lines of Swift",
            url: URL(string: "https://github.com/example/tinyfeed"),
            author: "pg_fan", published: generatedAt.addingTimeInterval(-4_000),
            summary: "Article URL: https://github.com/example/tinyfeed Comments URL: "
                + "https://news.ycombinator.com/item?id=46012400 Points: 412 # Comments: 103"),
    ]
}
