import Foundation
import Tributary

/// The only URLs the report turns into links or images: absolute http and https URLs
/// with a host. Items reach the renderer already sanitised; this checks again.
enum WebURL {
    static func string(_ url: URL?) -> String? {
        url.map(\.absoluteString).flatMap { WebAddress.isWeb($0) ? $0 : nil }
    }
}
