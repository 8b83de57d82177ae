import Foundation
import Tributary

/// A `feed` entry's options: its address (the common options, such as `limit`, `tags`
/// and `headers`, apply as to every entry).
struct WebFeedOptions: SourceOptions {
    var url: URL?

    static var fields: [OptionField<Self>] {
        [.url("url", \.url, "the feed: http, https, file://, or a path (absolute, ~/…, or relative to feeds.json's folder)", required: true)]
    }
}
