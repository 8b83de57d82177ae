import Foundation
import Tributary

/// The only URLs the report turns into links or images: absolute http and https URLs
/// with a host. Items reach the renderer already sanitised; this checks again.
enum WebURL {
    static func string(_ url: URL?) -> String? {
        string(url?.absoluteString)
    }

    /// The same for a URL's absolute string (`FeedItem.urlString`), without building a `URL`.
    static func string(_ text: String?) -> String? {
        text.flatMap { WebAddress.isWeb($0) ? $0 : nil }
    }
}
