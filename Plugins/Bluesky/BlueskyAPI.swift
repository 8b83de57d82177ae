import Foundation
import Tributary

/// The Bluesky XRPC wire format, exactly as upstream sends it: `app.bsky.feed.getAuthorFeed`,
/// `app.bsky.feed.searchPosts`, `com.atproto.server.createSession` and XRPC errors.
enum BlueskyAPI {
    /// `getAuthorFeed`: `{"feed": [{"post": …, "reason": …}], "cursor": "…"}`.
    struct AuthorFeed: Decodable {
        var feed: [FeedViewPost]?
        var cursor: String?
    }

    /// `searchPosts`: `{"posts": […], "cursor": "…", "hitsTotal": 120}`.
    struct SearchResult: Decodable {
        var posts: [PostView]?
        var cursor: String?
        var hitsTotal: Int?
    }

    struct FeedViewPost: Decodable {
        var post: PostView
        /// `app.bsky.feed.defs#reasonRepost` (with `by`) when the author reposted it.
        var reason: Reason?
    }

    struct Reason: Decodable {
        var by: Profile?
    }

    struct PostView: Decodable {
        /// `at://did:plc:…/app.bsky.feed.post/<rkey>`.
        var uri: String
        var author: Profile
        var record: Record?
        /// `app.bsky.embed.images#view`, or `recordWithMedia#view` carrying one in `media`.
        var embed: Embed?
        var replyCount: Int?
        var repostCount: Int?
        var likeCount: Int?
        var indexedAt: String?
    }

    struct Profile: Decodable {
        var did: String?
        var handle: String
        var displayName: String?
        var avatar: String?
    }

    /// The `app.bsky.feed.post` record: plain text, no HTML.
    struct Record: Decodable {
        var text: String?
        var createdAt: String?
    }

    struct Embed: Decodable {
        var images: [Image]?
        var media: Media?
    }

    struct Media: Decodable {
        var images: [Image]?
    }

    struct Image: Decodable {
        var thumb: String?
        var fullsize: String?
        var alt: String?
    }

    /// `com.atproto.server.createSession`'s answer, as far as Tributary reads it (it also
    /// carries `refreshJwt`, `didDoc`, `email`…, none of which Tributary uses or keeps).
    struct Session: Decodable {
        var accessJwt: String
        var handle: String?
    }

    /// XRPC errors: `{"error": "InvalidRequest", "message": "Profile not found"}`.
    struct ErrorBody: Decodable {
        var error: String?
        var message: String?
    }
}
