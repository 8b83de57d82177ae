import Foundation
import Tributary

/// Maps X posts (v2 and v1.1) to digest items. Pure.
enum TwitterMapping {
    /// The author facts both API versions carry, in one shape.
    struct Author: Equatable {
        var username: String
        var name: String?
        var profileImage: String?
    }

    // MARK: v2

    /// v2 items, authors joined from `includes.users` by `author_id` (defensively: a
    /// post whose author is missing still maps, with the author-less URL).
    static func items(_ response: TwitterAPI.SearchResponse) -> [FeedItem] {
        let users = Dictionary(
            (response.includes?.users ?? []).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return (response.data ?? []).map { tweet in
            item(tweet, author: tweet.author_id.flatMap { users[$0] }.flatMap(author))
        }
    }

    static func item(_ tweet: TwitterAPI.Tweet, author: Author?) -> FeedItem {
        post(
            id: tweet.id, escapedText: tweet.text, author: author,
            published: tweet.created_at.flatMap(ISO8601Date.parse), likes: tweet.public_metrics?.like_count,
            hashtags: tweet.entities?.hashtags?.compactMap(\.tag) ?? []
        )
    }

    static func author(_ user: TwitterAPI.User) -> Author? {
        guard let username = user.username, !username.isEmpty else { return nil }
        return Author(username: username, name: user.name, profileImage: user.profile_image_url)
    }

    // MARK: v1.1

    static func items(_ response: TwitterAPI.V1SearchResponse) -> [FeedItem] {
        (response.statuses ?? []).map(item)
    }

    static func item(_ status: TwitterAPI.V1Status) -> FeedItem {
        post(
            id: status.id_str, escapedText: status.full_text ?? status.text ?? "", author: status.user.flatMap(author),
            published: status.created_at.flatMap(classicDate), likes: status.favorite_count,
            hashtags: status.entities?.hashtags?.compactMap(\.text) ?? []
        )
    }

    static func author(_ user: TwitterAPI.V1User) -> Author? {
        guard let username = user.screen_name, !username.isEmpty else { return nil }
        return Author(username: username, name: user.name, profileImage: user.profile_image_url_https)
    }

    // MARK: Shared

    /// One post as a digest item; `escapedText` is decoded exactly once; hashtags become tags.
    static func post(
        id: String, escapedText: String, author: Author?, published: Date?, likes: Int?, hashtags: [String]
    ) -> FeedItem {
        let text = HTMLEntities.decode(escapedText)
        return FeedItem(
            id: id, source: "", sourceType: TwitterSource.type, kind: .post,
            title: TextCleanup.singleLine(text),
            url: postURL(id: id, username: author?.username),
            author: author.map { "@\($0.username)" },
            published: published,
            score: likes.map(Double.init),
            summary: summary(text, author: author),
            thumbnail: author?.profileImage.flatMap(URL.init(string:)),
            tags: hashtags
        )
    }

    /// `https://x.com/{username}/status/{id}`, or `https://x.com/i/web/status/{id}`
    /// when no author is known.
    static func postURL(id: String, username: String?) -> URL? {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "_"))
        guard id.unicodeScalars.allSatisfy(CharacterSet.decimalDigits.contains) else { return nil }
        guard let username, username.unicodeScalars.allSatisfy(allowed.contains) else {
            return URL(string: "https://x.com/i/web/status/\(id)")
        }
        return URL(string: "https://x.com/\(username)/status/\(id)")
    }

    /// The full text, then who wrote it: "… — Ada Lovelace (@ada)".
    static func summary(_ text: String, author: Author?) -> String {
        guard let author else { return text }
        let name = author.name.map(TextCleanup.decodedLine).flatMap { $0.isEmpty ? nil : $0 }
        return "\(text) — \(name.map { "\($0) (@\(author.username))" } ?? "@\(author.username)")"
    }

    // MARK: Dates

    /// v1.1 `created_at`: `Mon Sep 17 22:41:52 +0000 2012`.
    static func classicDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE MMM dd HH:mm:ss Z yyyy"
        return formatter.date(from: text)
    }
}
