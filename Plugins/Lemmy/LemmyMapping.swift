import Foundation
import Tributary

/// Maps Lemmy posts to digest items. Pure.
enum LemmyMapping {
    /// Deleted and removed posts are left out.
    static func items(_ posts: [LemmyAPI.PostView]) -> [FeedItem] {
        posts.filter { $0.post.deleted != true && $0.post.removed != true }.map(item)
    }

    static func item(_ view: LemmyAPI.PostView) -> FeedItem {
        let post = view.post
        return FeedItem(
            id: String(post.id), source: "", sourceType: LemmySource.type, kind: .post,
            title: post.name,
            url: [post.url, post.ap_id].compactMap { $0 }.first(where: WebAddress.isWeb).flatMap(URL.init(string:)),
            author: view.creator.map(author),
            published: post.published.flatMap(ISO8601Date.parse),
            score: view.counts?.score.map(Double.init),
            summary: summary(view),
            thumbnail: post.thumbnail_url.flatMap(URL.init(string:)),
            tags: view.community.map { [$0.name] } ?? []
        )
    }

    /// The display name, or the user name when there is none (or it is empty).
    static func author(_ person: LemmyAPI.Person) -> String {
        let name = TextCleanup.singleLine(person.display_name ?? "")
        return name.isEmpty ? person.name : name
    }

    /// "12 comments · <the body's start>".
    static func summary(_ view: LemmyAPI.PostView) -> String? {
        var parts: [String] = []
        if let comments = view.counts?.comments { parts.append(comments == 1 ? "1 comment" : "\(comments) comments") }
        let body = TextCleanup.singleLine(view.post.body ?? "")
        if !body.isEmpty { parts.append(TextCleanup.truncate(body, to: 500)) }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }
}
