import Foundation
import Tributary

/// A `bluesky` entry's options; each default is the property's initial value.
struct BlueskyOptions: SourceOptions {
    enum Mode: String, CaseIterable { case author, search }
    enum Filter: String, CaseIterable {
        case posts_with_replies, posts_no_replies, posts_with_media, posts_and_author_threads
    }

    var mode = Mode.author
    var actor = ""
    var query = ""
    var filter = Filter.posts_no_replies
    var limit = 30
    var baseURL = URL(string: "https://public.api.bsky.app")!
    var identifier = ""
    var appPassword: Secret?
    var authServer = URL(string: "https://bsky.social")!

    static var fields: [OptionField<Self>] {
        [
            .choice("mode", \.mode, "author: an actor's posts and reposts; search: posts matching a query"),
            .string("actor", \.actor, "author mode: a handle (\"bsky.app\", a leading @ is dropped) or a DID"),
            .string("query", \.query, "search mode: the search"),
            .choice("filter", \.filter, "author mode: which posts"),
            .integer("limit", \.limit, 1...100, "posts to fetch (one page)"),
            .url("baseURL", \.baseURL, "the AppView, without login"),
            .string("identifier", \.identifier, "login: the account's handle or email (with appPassword)"),
            .secret(
                "appPassword", \.appPassword, variable: "BLUESKY_APP_PASSWORD",
                "login: an app password (with identifier)"),
            .url(
                "authServer", \.authServer,
                "login: where createSession and, logged in, every call go; https (plain http only to this machine)"),
        ]
    }
}
