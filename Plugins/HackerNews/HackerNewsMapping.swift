import Foundation
import Tributary

/// Maps HN Search hits to digest items. Pure.
enum HackerNewsMapping {
    /// The items of the hits that still have something to show: a deleted story (no
    /// title) or deleted comment (no text) is left out.
    static func items(_ hits: [HackerNewsAPI.Hit]) -> [FeedItem] {
        hits.compactMap(item)
    }

    static func item(_ hit: HackerNewsAPI.Hit) -> FeedItem? {
        let text = (hit.comment_text ?? hit.story_text).map(TextCleanup.plainText(fromHTML:)) ?? ""
        guard let title = title(hit, text: text) else { return nil }
        let isComment = hit._tags?.contains("comment") == true || hit.comment_text != nil
        return FeedItem(
            id: hit.objectID, source: "", sourceType: HackerNewsSource.type, kind: isComment ? .post : .article,
            title: title,
            url: link(hit),
            author: hit.author,
            published: published(hit),
            score: hit.points.map(Double.init),
            summary: summary(hit, text: text),
            tags: (hit._tags ?? []).filter(HackerNewsQuery.plainTags.contains)
        )
    }

    /// The story's title; for a comment, "Re: <story title>", or the start of its text.
    static func title(_ hit: HackerNewsAPI.Hit, text: String) -> String? {
        if let title = hit.title.map(TextCleanup.singleLine), !title.isEmpty { return title }
        if let story = hit.story_title.map(TextCleanup.singleLine), !story.isEmpty, !text.isEmpty {
            return "Re: \(story)"
        }
        return text.isEmpty ? nil : TextCleanup.truncate(text, to: 120)
    }

    /// The linked page, or the HN discussion when the story links nowhere (Ask HN, comments).
    static func link(_ hit: HackerNewsAPI.Hit) -> URL? {
        if let url = hit.url, WebAddress.isWeb(url) { return URL(string: url) }
        return itemPage(hit.objectID)
    }

    /// `https://news.ycombinator.com/item?id=<id>`.
    static func itemPage(_ id: String) -> URL? {
        guard !id.isEmpty, id.allSatisfy(\.isASCII), Int(id) != nil else { return nil }
        return URL(string: "https://news.ycombinator.com/item?id=\(id)")
    }

    static func published(_ hit: HackerNewsAPI.Hit) -> Date? {
        hit.created_at.flatMap(ISO8601Date.parse)
            ?? hit.created_at_i.map { Date(timeIntervalSince1970: TimeInterval($0)) }
    }

    /// "412 points · 198 comments", then the text of an Ask HN story or a comment.
    static func summary(_ hit: HackerNewsAPI.Hit, text: String) -> String? {
        var parts: [String] = []
        if let points = hit.points { parts.append(points == 1 ? "1 point" : "\(points) points") }
        if let comments = hit.num_comments { parts.append(comments == 1 ? "1 comment" : "\(comments) comments") }
        if !text.isEmpty { parts.append(text) }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }
}
