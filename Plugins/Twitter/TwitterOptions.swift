import Foundation
import Tributary

/// A `twitter` entry's options; each default is the property's initial value.
struct TwitterOptions: SourceOptions {
    var query = ""
    var limit = 10
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
                "limit", \.limit, 10...100, "posts to fetch (max_results; count for v1.1); each post read costs credits"
            ),
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
