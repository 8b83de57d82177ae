import Foundation
import Tributary

/// Maps Bluesky posts to digest items. Pure.
enum BlueskyMapping {
    static func items(_ feed: BlueskyAPI.AuthorFeed) -> [FeedItem] {
        (feed.feed ?? []).map { item($0.post, repostedBy: $0.reason?.by) }
    }

    static func items(_ result: BlueskyAPI.SearchResult) -> [FeedItem] {
        (result.posts ?? []).map { item($0, repostedBy: nil) }
    }

    static func item(_ post: BlueskyAPI.PostView, repostedBy: BlueskyAPI.Profile?) -> FeedItem {
        let text = TextCleanup.singleLine(post.record?.text ?? "")
        let firstLine = TextCleanup.singleLine(post.record?.text?.split(separator: "\n").first.map(String.init) ?? "")
        let images = post.embed?.images ?? post.embed?.media?.images ?? []
        let image = images.first { $0.fullsize != nil }
        let alt = images.compactMap(\.alt).map(TextCleanup.singleLine).first { !$0.isEmpty }
        return FeedItem(
            id: post.uri, source: "", sourceType: BlueskySource.type, kind: image == nil ? .post : .photo,
            title: firstLine.isEmpty ? (alt ?? "(no text)") : TextCleanup.truncate(firstLine, to: 120),
            url: webURL(post),
            author: author(post.author),
            published: (post.record?.createdAt ?? post.indexedAt).flatMap(ISO8601Date.parse),
            score: Double((post.likeCount ?? 0) + (post.repostCount ?? 0)),
            summary: summary(text, repostedBy: repostedBy),
            thumbnail: (image?.thumb ?? image?.fullsize).flatMap(URL.init(string:)),
            image: image?.fullsize.flatMap(URL.init(string:))
        )
    }

    /// "Display Name (@handle)", or "@handle".
    static func author(_ profile: BlueskyAPI.Profile) -> String {
        let name = TextCleanup.singleLine(profile.displayName ?? "")
        return name.isEmpty ? "@\(profile.handle)" : "\(name) (@\(profile.handle))"
    }

    /// `https://bsky.app/profile/<handle>/post/<rkey>`, the rkey being the last part of
    /// the post's `at://` URI; nil when either is not what it should be.
    static func webURL(_ post: BlueskyAPI.PostView) -> URL? {
        let handleCharacters = CharacterSet(
            charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-")
        let keyCharacters = handleCharacters.union(CharacterSet(charactersIn: "_:~"))
        let rkey = post.uri.split(separator: "/").last.map(String.init) ?? ""
        guard post.uri.hasPrefix("at://"), post.uri.contains("/app.bsky.feed.post/"), !rkey.isEmpty,
            rkey.unicodeScalars.allSatisfy(keyCharacters.contains),
            !post.author.handle.isEmpty, post.author.handle.unicodeScalars.allSatisfy(handleCharacters.contains)
        else { return nil }
        return URL(string: "https://bsky.app/profile/\(post.author.handle)/post/\(rkey)")
    }

    static func summary(_ text: String, repostedBy: BlueskyAPI.Profile?) -> String? {
        let parts = [repostedBy.map { "Reposted by \(author($0))" }, text].compactMap { $0 }.filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }
}
