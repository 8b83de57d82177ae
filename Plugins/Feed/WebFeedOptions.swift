import Foundation
import Tributary

/// A `feed` entry's options: its address (the common options, such as `limit`, `tags`
/// and `headers`, apply as to every entry).
struct WebFeedOptions: SourceOptions {
    var url: URL?
    var siteURL: URL?

    static var fields: [OptionField<Self>] {
        [
            .url(
                "url", \.url,
                "the feed: http, https, file://, or a path (absolute, ~/…, or relative to feeds.json's folder)",
                required: true),
            .url("siteURL", \.siteURL, "the site's home page (OPML's htmlUrl: kept by import, written by export)"),
        ]
    }
}
