import Foundation
import Tributary

/// A `mastodon` entry's options; each default is the property's initial value.
struct MastodonOptions: SourceOptions {
    var instance = ""
    var mode = MastodonQuery.Mode.hashtag
    var hashtag = ""
    var any: [String] = []
    var all: [String] = []
    var none: [String] = []
    var account = ""
    var local = false
    var remote = false
    var onlyMedia = false
    var showSensitive = false
    var limit = 40
    var accessToken: Secret?
    var baseURL: URL?

    static var fields: [OptionField<Self>] {
        [
            .string(
                "instance", \.instance, "the server, \"mastodon.social\" or \"https://mastodon.social\"", required: true
            ),
            .choice("mode", \.mode, "which timeline: hashtag, account, public or local"),
            .string("hashtag", \.hashtag, "hashtag mode: the tag, with or without # (letters, digits, _)"),
            .strings("any", \.any, maxCount: 4, "hashtag mode: also statuses with any of these tags"),
            .strings("all", \.all, maxCount: 4, "hashtag mode: only statuses that also carry all of these"),
            .strings("none", \.none, maxCount: 4, "hashtag mode: leave out statuses carrying any of these"),
            .string("account", \.account, "account mode: \"user\" (on the instance) or \"user@other.example\""),
            .boolean("local", \.local, "only statuses from accounts of the instance"),
            .boolean("remote", \.remote, "only statuses from other instances"),
            .boolean("onlyMedia", \.onlyMedia, "only statuses with media attached"),
            .boolean(
                "showSensitive", \.showSensitive, "show sensitive statuses and those behind a content warning in full"),
            .integer("limit", \.limit, 1...200, "statuses to fetch; pages of up to 40 follow the Link header"),
            .secret(
                "accessToken", \.accessToken, variable: "MASTODON_TOKEN",
                "optional token (read:statuses) for timelines the instance keeps behind login; sent as "
                    + "Authorization: Bearer"),
            .url("baseURL", \.baseURL, "overrides where requests go (tests, proxies)", default: "the instance"),
        ]
    }
}
