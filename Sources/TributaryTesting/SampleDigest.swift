import Foundation
import Tributary

/// A fixed digest with every kind of item, every source state and hostile text, for
/// renderer tests (golden files, the browser test). Times are relative to `generatedAt`.
public enum SampleDigest {
    public static let generatedAt = Date(timeIntervalSince1970: 1_795_320_000)

    /// An item whose title is markup and whose link is `javascript:`; the sanitiser would
    /// drop the link, so this tests the renderer's own checks.
    public static let hostile = FeedItem(
        id: "feed:evil", source: "feed", sourceType: "feed", kind: .article, title: "<img src=x onerror=alert(1)>",
        url: URL(string: "javascript:alert(1)"), author: "<script>document.title='pwned'</script>",
        published: generatedAt.addingTimeInterval(-900), summary: "\"quoted\" & <b>bold</b> text",
        thumbnail: URL(string: "data:image/png;base64,AAAA"), tags: ["<i>tag</i>"]
    )

    /// Small gradient PNGs, one per photo, to embed as thumbnails.
    public static let thumbnails: [Data] = [
        "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAATUlEQVR42mP432PztcXxda37ozLfG/lB5zIijibG7Y5KYcAq"
            + "ujEokwGr6ArvfAasovNcShmwik6xrWLAKtpt1sCAVbRRv40Bq2iFRg8AbFBeDBz9yxkAAAAASUVORK5CYII=",
        "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAATElEQVR42mPQqDihWrRfOWebYto6+cSlstFzpUOnSAb0MGAV"
            + "FfNqZsAqKuJSxYBVVMiuiAGrqIBlJgNWUT7jRAasojy6EQxYRbk0AgAOZDzw4fqAzwAAAABJRU5ErkJggg==",
        "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAATklEQVR42mNwWxUVuDYmZmNcxpaE4h1J9btTuvanTTucyYBV"
            + "dOGxbAasomtO5TJgFd1xNp8Bq+jhi4UMWEXPXylmwCp660YpA1bRZ3cqAGsRcDB5epKqAAAAAElFTkSuQmCC",
        "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAT0lEQVR42mN4FhD1PCLuRWLSq8y010XZb6vy3zUXf+ipYMAq"
            + "+nFKDQNW0U9zGxiwin5Z2sKAVfTruk4GrKLft/UyYBX9sX8iA1bRXyemAQDI5HywmaNCjwAAAABJRU5ErkJggg==",
        "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAATUlEQVR42mOQk7NRUndXMwjSsozTd8409ik1D22wie9hwCrq"
            + "kDGdAauoS+EiBqyiHlXrGLCK+rbsZMAqGth7lAGraOi0CwxYRaMW3AEABulJcHATEoMAAAAASUVORK5CYII=",
    ].map { Data(base64Encoded: $0)! }

    /// The digest; photos point at `images` (`photo-<n>.png` full size, `thumb-<n>.png` thumbnails).
    public static func digest(images: URL = URL(string: "https://images.example")!) -> Digest {
        Digest(
            title: "Morning digest", generatedAt: generatedAt,
            sources: [
                SourceStatus(id: "flickr", type: "flickr", title: "Flickr: harbour", state: .ok, itemCount: 5),
                SourceStatus(
                    id: "so-swift", type: "stackoverflow", state: .ok, message: "quota low: 20/300 requests left",
                    itemCount: 2),
                SourceStatus(id: "x", type: "twitter", state: .ok, itemCount: 1),
                SourceStatus(id: "feed", type: "feed", state: .ok, itemCount: 2),
                SourceStatus(
                    id: "500px", type: "500px", state: .failed,
                    message: "cannot connect to 127.0.0.1:9: connection refused or lost", errorCode: .connection),
                SourceStatus(
                    id: "x-search", type: "twitter", state: .skipped,
                    message: "bearerToken is not set; set TWITTER_BEARER_TOKEN"),
            ],
            items: photos(images) + others
        )
    }

    private static func photos(_ images: URL) -> [FeedItem] {
        let titles = [
            "Harbour at dawn", "Blue hour over the bridge", "Fields after rain", "Lanterns, night market",
            "Storm front",
        ]
        let authors = ["Aiko Tanaka", "Lars Berg", "Amara Obi", nil, "Dana Silva"]
        return titles.indices.map { index in
            FeedItem(
                id: "flickr:\(index + 1)", source: "flickr", sourceType: "flickr", kind: .photo, title: titles[index],
                url: URL(string: "https://www.flickr.com/photos/someone/\(index + 1)"), author: authors[index],
                published: generatedAt.addingTimeInterval(Double(-600 - index * 3_000)), score: Double(40 - index * 7),
                thumbnail: images.appendingPathComponent("thumb-\(index + 1).png"),
                image: images.appendingPathComponent("photo-\(index + 1).png"),
                tags: ["harbour"]
            )
        }
    }

    private static let others: [FeedItem] = [
        FeedItem(
            id: "so-swift:1", source: "so-swift", sourceType: "stackoverflow", kind: .question,
            title: #"What's the difference between "let" & "var" in Swift?"#,
            url: URL(string: "https://stackoverflow.com/questions/1/slug"), author: "José O'Neil",
            published: generatedAt.addingTimeInterval(-5_400), score: 12, summary: "3 answers · 1,204 views · answered",
            tags: ["swift", "string"]
        ),
        FeedItem(
            id: "so-swift:2", source: "so-swift", sourceType: "stackoverflow", kind: .question,
            title: "An undated question without a link"),
        FeedItem(
            id: "x:1", source: "x", sourceType: "twitter", kind: .post,
            title: "Shipping the new harbour timelapse tonight 🌅",
            url: URL(string: "https://x.com/someone/status/1"), author: "@harbourcam",
            published: generatedAt.addingTimeInterval(-1_800)
        ),
        FeedItem(
            id: "feed:1", source: "feed", sourceType: "feed", kind: .article, title: "Swift 6.3 released",
            url: URL(string: "https://www.swift.org/blog/swift-6.3-released/"), author: "The Swift Team",
            published: generatedAt.addingTimeInterval(-86_400 * 2),
            summary: "Better diagnostics, faster builds and new Span APIs."
        ),
        hostile,
    ]
}
