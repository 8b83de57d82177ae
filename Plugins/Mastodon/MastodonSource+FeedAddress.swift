import Foundation
import Tributary

extension MastodonSource: FeedAddressable {
    /// The RSS feed Mastodon itself serves for the same timeline, when there is one: a
    /// hashtag's (`https://INSTANCE/tags/TAG.rss`) or an account's
    /// (`https://HOST/@USER.rss`), for an entry with no filter, media-only choice or token
    /// that the feed could not honour; nil otherwise (public and local timelines have none).
    public var feedAddress: URL? {
        let unfiltered =
            query.any.isEmpty && query.all.isEmpty && query.none.isEmpty && !query.localOnly
            && !query.remoteOnly && !query.onlyMedia && token == nil
        guard unfiltered else { return nil }
        switch query.mode {
        case .hashtag:
            return instance.appendingPathComponent("tags").appendingPathComponent(query.hashtag + ".rss")
        case .account:
            let parts = query.account.split(separator: "@", maxSplits: 1).map(String.init)
            let host = parts.count == 2 ? URL(string: "https://" + parts[1]) : instance
            return host?.appendingPathComponent("@" + parts[0] + ".rss")
        case .public, .local:
            return nil
        }
    }
}
