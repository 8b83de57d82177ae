import Foundation
import Tributary

/// A `twitter` entry's options; each default is the property's initial value.
struct TwitterOptions: SourceOptions {
    var query = ""
    var limit = 10
    var maxPages = 3
    var bearerToken: Secret?
    var api = TwitterSource.API.v2
    var baseURL = URL(string: "https://api.x.com")!

    static var fields: [OptionField<Self>] {
        [
            .string(
                "query", \.query,
                "the search, 3–512 characters; X operators allowed (swift lang:en -is:retweet has:links)",
                required: true),
            .integer(
                "limit", \.limit, 10...1000,
                "posts to fetch, over several pages when above 100 (max_results 10–100 a page; count for v1.1, "
                    + "at most 100); each post read costs credits"),
            .integer(
                "maxPages", \.maxPages, 1...10,
                "v2: the most search requests one refresh makes, following next_token; each page's posts cost "
                    + "credits"),
            .secret(
                "bearerToken", \.bearerToken, variable: "TWITTER_BEARER_TOKEN",
                "app-only bearer token, sent only as Authorization: Bearer; unset: the source is skipped"),
            .choice(
                "api", \.api,
                "v2: /2/tweets/search/recent; v1.1: /1.1/search/tweets.json "
                    + "(closed on X itself, for compatible servers)"),
            .url("baseURL", \.baseURL, "the API root"),
        ]
    }
}
